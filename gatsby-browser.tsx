/**
 * Gatsby Browser APIs:
 * - replaceHydrateFunction: hydrates the server-rendered page inside a transition, so React does it
 *   in slices of a few milliseconds between which the browser can handle input, rather than in one
 *   long task after the scripts load. It starts in a task of its own: Gatsby calls it at the end of the
 *   one that ran the page's modules. Each part of the page is a boundary of its own
 *   (src/components/hydrates-alone.tsx), so a key or a press on a part makes React finish that part alone.
 * - wrapRootElement: gives Emotion the site's cache (src/lib/gathered-styles.ts), which on a built page knows
 *   the styles it already carries in its <head>, so hydration inserts and moves no style sheet.
 * - onClientEntry: counts the parts of the server's page that React will hydrate (hydrates-alone.tsx); counts a
 *   tap on any call link as a conversion, and the taps made before the code arrived
 *   (src/browser/estimate/conversion.ts); gives Gatsby's loader an empty chunk map
 *   (src/browser/chunk-map.ts).
 * - onInitialClientRender: marks <html> hydrated once every part of the page is (hydrates-alone.tsx), which swaps
 *   the menus' plain links for their buttons (src/styles/theme.ts › scripting). The bundles load on the visitor's
 *   first action (src/build-time/deploy/on-first-action.ts), so until then the page is its server-rendered HTML.
 * - shouldUpdateScroll: every route change starts at the top of the new page, except links to a
 *   section (/#faq), which Gatsby scrolls to itself.
 */
import { CacheProvider } from "@emotion/react"
import type { GatsbyBrowser } from "gatsby"
import { startTransition, type ReactElement } from "react"
import { createRoot, hydrateRoot, type Root } from "react-dom/client"
import { emptyChunkMap } from "./src/browser/chunk-map"
import { countCallTaps } from "./src/browser/estimate/conversion"
import { countServerParts, whenEveryPartHydrated } from "./src/components/hydrates-alone"
import { cacheForGatheredStyles, createSiteCache } from "./src/lib/gathered-styles"
import { HYDRATED_ATTRIBUTE } from "./src/styles/theme"

/**
 * Returns how to take the tree down again: `gatsby develop` renders its loading indicator through this
 * function too and removes it with what it returns (without it, React warns of a legacy unmount).
 */
function hydrateInTransition(element: ReactElement, container: Element) {
  let root: Root | undefined
  const start = setTimeout(() => {
    // `gatsby develop` serves an empty container (no server rendering): the page is rendered there.
    if (!container.hasChildNodes()) {
      root = createRoot(container)
      root.render(element)
      return
    }
    startTransition(() => {
      root = hydrateRoot(container, element)
    })
  }, 0)
  return () => {
    clearTimeout(start)
    root?.unmount()
  }
}

// Not typed as GatsbyBrowser["replaceHydrateFunction"]: that type still describes the legacy
// ReactDOM.render signature, which React 18's roots do not have.
export const replaceHydrateFunction = () => hydrateInTransition

const cache = cacheForGatheredStyles(document) ?? createSiteCache()

export const wrapRootElement: GatsbyBrowser["wrapRootElement"] = ({ element }) => (
  <CacheProvider value={cache}>{element}</CacheProvider>
)

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  emptyChunkMap()
  countServerParts(document.body)
  countCallTaps()
}

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  whenEveryPartHydrated(() => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, ""))
}

export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => {
  if (routerProps.location.hash) return true
  // Instant: the site's smooth scrolling is for in-page links, not for arriving on a new page.
  window.scrollTo({ top: 0, left: 0, behavior: "instant" })
  return false
}
