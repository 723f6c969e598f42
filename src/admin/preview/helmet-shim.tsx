/*
 * react-helmet, as the preview pane needs it: nothing. A page's <title>, metadata and structured data belong to
 * the published page; in the preview Helmet would write them into the content manager's own <head>.
 */
export const Helmet = () => null
