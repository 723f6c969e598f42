/**
 * Gatsby's Head API handler as the browser bundles have it (gatsby-node.js puts this file in place of
 * .cache/head/head-export-handler-for-browser.js there). The site writes every page's <head> with react-helmet
 * (src/lib/browser-helmet.tsx in the browser) and no page exports a `Head`, so Gatsby's handler, its diffing
 * and its React tree for the head are code every page downloaded and never ran. A page that exports `Head` after
 * all is named in the console, in development and in production alike, rather than losing its head in silence.
 *
 * Gatsby's PageRenderer calls this while it renders. It holds no hook: `gatsby develop` lints this file with
 * React's rules of hooks, which refuse a hook in a function named like this one, and a warning needs no effect.
 */
const warned = new WeakSet()

export function headHandlerForBrowser({ pageComponent }) {
  if (!pageComponent?.Head || warned.has(pageComponent)) return
  warned.add(pageComponent)
  console.error(
    `This site's browser bundles leave out Gatsby's Head API (plugins/browser-helmet): give the page its <head> with react-helmet instead of an exported Head.`,
  )
}
