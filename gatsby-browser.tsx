/**
 * Gatsby Browser APIs:
 * - replaceHydrateFunction: hydrates the server-rendered page inside a transition, so React does it
 *   in slices of a few milliseconds between which the browser can handle input, rather than in one
 *   long task after the scripts load.
 * - shouldUpdateScroll: every route change starts at the top of the new page, except links to a
 *   section (/#faq), which Gatsby scrolls to itself.
 */
import type { GatsbyBrowser } from "gatsby"
import { startTransition, type ReactElement } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"

function hydrateInTransition(element: ReactElement, container: Element) {
  // A page with no server-rendered markup (none on this site today) is rendered, not hydrated.
  if (!container.hasChildNodes()) {
    createRoot(container).render(element)
    return
  }
  startTransition(() => {
    hydrateRoot(container, element)
  })
}

// Not typed as GatsbyBrowser["replaceHydrateFunction"]: that type still describes the legacy
// ReactDOM.render signature, which React 18's roots do not have.
export const replaceHydrateFunction = () => hydrateInTransition

export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => {
  if (routerProps.location.hash) return true
  window.scrollTo(0, 0)
  return false
}
