/**
 * Gatsby ends each page with <script src async> tags for its bundles. The browser finds them as soon as
 * the HTML arrives and, on a fast connection, runs React's 140 KB before it has painted the text the
 * visitor came for; on a slow one they share the bandwidth with the page's first paint. These tags give
 * way to one inline script, loadBundlesInTurn below, whose code is the same on every page (the bundles'
 * names are in a data attribute), so the Content-Security-Policy allows it with one hash.
 */
import { RewrittenPageError } from "./rewritten"

export const LOADER_ID = "gatsby-bundles"

/**
 * Runs inline in the built page, with its own <script> element as `marker`. Once the browser reports the
 * first contentful paint (or, where it cannot, two frames on), it preloads the bundles all at once and
 * then runs them one after another, each in a task of its own. Async scripts would run in whatever order
 * they arrived, and the last to arrive would compile its own code and then run the whole of Gatsby's and
 * React's start-up in the same long task; one at a time, React's code is compiled before Gatsby's starts.
 * A page opened in a background tab paints nothing until it is shown, so there the bundles load at once.
 *
 * It is serialised with toString(), so it uses nothing but the browser's globals.
 */
export function loadBundlesInTurn(marker: HTMLScriptElement) {
  const sources = (marker.dataset.sources || "").split(" ")
  function runInTurn(queue: string[]) {
    const source = queue.shift()
    if (!source) return
    const script = document.createElement("script")
    script.src = source
    script.async = true
    script.onload = () => runInTurn(queue)
    script.onerror = () => runInTurn(queue)
    document.body.appendChild(script)
  }
  // Takes the whole list, so a second call finds nothing to load.
  function load() {
    const queue = sources.splice(0)
    queue.forEach(source => {
      const link = document.createElement("link")
      link.rel = "preload"
      link.as = "script"
      link.href = source
      document.head.appendChild(link)
    })
    runInTurn(queue)
  }
  if (document.visibilityState !== "visible") return load()
  const entryTypes = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []
  if (entryTypes.indexOf("paint") >= 0) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return
      observer.disconnect()
      setTimeout(load, 0)
    }).observe({ type: "paint", buffered: true })
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(load, 0)))
  }
}

/** The loader's inline code. */
export const LOAD_AFTER_FIRST_PAINT = `(${loadBundlesInTurn.toString()})(document.currentScript)`

const BUNDLE_SCRIPT = /<script src="([^"]+)" async(?:="")?><\/script>/g

const loaderTag = (sources: string) =>
  `<script id="${LOADER_ID}" data-sources="${sources}">${LOAD_AFTER_FIRST_PAINT}</script>`

/**
 * Replaces a built page's async bundle scripts with the loader, where the first of them stood. Throws
 * when the page has none: it was rewritten already, or Gatsby has changed how it writes them.
 */
export function loadBundlesAfterFirstPaint(html: string): string {
  const sources: string[] = []
  let first = -1
  const rest = html.replace(BUNDLE_SCRIPT, (_tag, source: string, offset: number) => {
    if (first === -1) first = offset
    sources.push(source)
    return ""
  })
  if (first !== -1) return rest.slice(0, first) + loaderTag(sources.join(" ")) + rest.slice(first)
  if (html.includes(`<script id="${LOADER_ID}"`)) throw new RewrittenPageError("its bundles already load in turn")
  throw new Error(
    "A built page has no <script src async> bundle tags; update src/build-time/deploy/after-first-paint.ts",
  )
}
