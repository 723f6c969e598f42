/*
 * Decap's editor is laid out for a desktop: at least 800 px wide, the form and the preview side by side, one
 * toolbar row whose Publish button sits past the right edge of a phone. Below 800 px this puts the toolbar on
 * two rows (where the entry belongs and the account, then Publish and its menu) and gives the form the whole
 * width, without the preview, which Decap's own toggle hides on a phone anyway.
 *
 * The selectors are the class names Decap's components carry in its pinned bundle (decap-bundle.cjs, 3.16.3):
 * check them when the bundle is upgraded (the phone test in __tests__/browser/cms-pages-photos.test.ts fails).
 */
const ROW = "56px"

// Each rule starts at :root, one class more than Decap's own: its styles are written into the page after these
// (this script runs before Decap's bundle, so that the previews are registered before Decap draws).
export const PHONE_LAYOUT = `
@media (max-width: 799px) {
  :root .e1nx103k5 { min-width: 0; padding-top: calc(2 * ${ROW}); }
  :root .e1d2l9mo22 { min-width: 0; height: calc(2 * ${ROW}); flex-wrap: wrap; }
  :root .e1d2l9mo18 { flex: 1 1 0; min-width: 0; height: ${ROW}; padding: 0 12px; }
  :root .e1d2l9mo17 { height: ${ROW}; }
  :root .e1d2l9mo21 { order: 1; flex: 1 0 100%; height: ${ROW}; border-top: 1px solid #dfdfe3; }
  :root .e1gt62yu2 { display: none; }
  :root .SplitPane > .Pane1 { width: 100% !important; }
  :root .SplitPane > .Pane2, :root .SplitPane > .Resizer, :root .e1nx103k0 { display: none; }
}
`

/** Adds the phone layout to the content manager's page. */
export function fitPhoneScreens(target: Document = document) {
  const style = target.createElement("style")
  style.textContent = PHONE_LAYOUT
  target.head.append(style)
}
