/**
 * Gatsby ends each page with <script src async> tags for its bundles. The browser finds them as soon as
 * the HTML arrives and, on a fast connection, runs React's 140 KB before it has painted the text the
 * visitor came for; on a slow one they share the bandwidth with the page's first paint. These tags give
 * way to one inline script that, once the browser reports the first contentful paint (or, where it cannot,
 * two frames on), preloads the same bundles all at once and then runs them one after another, each in a
 * task of its own. Async scripts would run in whatever order they arrived, and the last to arrive would
 * compile its own code and then run the whole of Gatsby's and React's start-up in the same long task;
 * one at a time, React's code is compiled before Gatsby's starts. A page opened in a background tab
 * paints nothing until it is shown, so there the bundles load at once. The script's code never changes
 * (the bundles' names are in a data attribute), so the Content-Security-Policy allows it with one hash.
 */
export const LOADER_ID = "gatsby-bundles"

export const LOAD_AFTER_FIRST_PAINT = [
  "(function(marker){",
  "var sources=marker.dataset.sources.split(' ');",
  "function runInTurn(queue){var source=queue.shift();if(!source)return;",
  "var script=document.createElement('script');script.src=source;script.async=true;",
  "script.onload=script.onerror=function(){runInTurn(queue)};document.body.appendChild(script)}",
  // Takes the whole list, so a second call finds nothing to load.
  "function load(){var queue=sources.splice(0);queue.forEach(function(source){",
  "var link=document.createElement('link');link.rel='preload';link.as='script';link.href=source;document.head.appendChild(link)});",
  "runInTurn(queue)}",
  "if(document.visibilityState!=='visible')return load();",
  "if(((window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[]).indexOf('paint')>=0)",
  "new PerformanceObserver(function(list,observer){",
  "if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load,0)}",
  "}).observe({type:'paint',buffered:true});",
  "else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(load,0)})})",
  "})(document.currentScript)",
].join("")

const BUNDLE_SCRIPT = /<script src="([^"]+)" async(?:="")?><\/script>/g

// The loader an earlier run wrote: Gatsby does not render again the pages whose code and data have not
// changed, and their bundles are then unchanged too.
const EARLIER_LOADER = new RegExp(`<script id="${LOADER_ID}" data-sources="([^"]+)">[\\s\\S]*?</script>`)

const loaderTag = (sources: string) =>
  `<script id="${LOADER_ID}" data-sources="${sources}">${LOAD_AFTER_FIRST_PAINT}</script>`

/**
 * Replaces a built page's async bundle scripts with the loader, where the first of them stood, or brings
 * up to date the loader of a page an earlier run rewrote. Throws when the page has neither, which would
 * mean Gatsby has changed how it writes them.
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
  const earlier = EARLIER_LOADER.exec(html)
  if (earlier) return html.replace(earlier[0], () => loaderTag(earlier[1]))
  throw new Error("A built page has no <script src async> bundle tags; update src/lib/deploy/after-first-paint.ts")
}
