/**
 * Gatsby Browser APIs:
 * - shouldUpdateScroll: every route change starts at the top of the new page, except links to a
 *   section (/#faq), which Gatsby scrolls to itself.
 */
import type { GatsbyBrowser } from "gatsby"

export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => {
  if (routerProps.location.hash) return true
  window.scrollTo(0, 0)
  return false
}
