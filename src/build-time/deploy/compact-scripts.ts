/**
 * Two inline scripts of every built page weigh more than what they do, and a page's HTML is what a phone waits
 * for before its first paint: a new connection sends at most ten TCP segments (about 14.6 KB) before the
 * first acknowledgement, so a page whose HTML and headers fit in them paints one round trip sooner.
 *
 * - Gatsby's chunk map (`<script id="gatsby-chunk-mapping">`) is written, with slices, as a JSON string:
 *   `window.___chunkMapping="{…}"`. Gatsby's loader only ever indexes it as an object
 *   (`window.___chunkMapping[componentChunkName]`, gatsby/cache-dir/loader.js), which on a string finds nothing,
 *   so the map has never named a chunk to it. It is left out, and src/browser/chunk-map.ts gives the
 *   loader an empty map, which answers the same. Should Gatsby write the map otherwise, the build stops here.
 * - The early-submit hold (src/browser/estimate/early-submit.ts) is serialised with toString() from the server
 *   renderer's code, which is not minified: its comments and long names ship inline. It is minified here.
 */
import type * as Esbuild from "esbuild"
import { createRequire } from "module"
import { EARLY_SUBMIT_SCRIPT_ID } from "../../browser/estimate/early-submit"

const CHUNK_MAPPING = new RegExp(
  String.raw`\s*<script\s+id="gatsby-chunk-mapping"\s*>\s*` +
    String.raw`window\.___chunkMapping="(?:[^"\\]|\\.)*";?\s*</script>`,
)

const EARLY_SUBMIT = new RegExp(`(<script id="${EARLY_SUBMIT_SCRIPT_ID}">)([\\s\\S]*?)(</script>)`)

/** The page without Gatsby's chunk map and the blank space before it; throws when it has none written as a string. */
export function withoutChunkMapping(html: string): string {
  const match = CHUNK_MAPPING.exec(html)
  if (!match)
    throw new Error(
      'A built page has no <script id="gatsby-chunk-mapping"> that sets window.___chunkMapping to a string. ' +
        "Gatsby has changed how it writes the chunk map, which its loader may now read: update " +
        "src/build-time/deploy/compact-scripts.ts",
    )
  return html.slice(0, match.index) + html.slice(match.index + match[0].length)
}

// Loaded when first used: esbuild refuses to load in the unit tests' browser-like environment, and several of them
// import the build's code without running this step.
const esbuild = () => createRequire(__filename)("esbuild") as typeof Esbuild

const minified = new Map<string, string>()

/** The same code, minified: every page carries the same script, so it is minified once per build. */
export function minifyScript(code: string): string {
  let small = minified.get(code)
  if (small === undefined) {
    small = esbuild().transformSync(code, { minify: true, loader: "js" }).code.trim()
    // The code goes inside a <script> element, which the first "</script" in it would close.
    if (/<\/script/i.test(small)) throw new Error("compact-scripts.ts: minified inline code contains </script")
    minified.set(code, small)
  }
  return small
}

/** The page with its early-submit hold minified; a page without the hold is left as it is. */
export const withMinifiedEarlySubmit = (html: string): string =>
  html.replace(EARLY_SUBMIT, (_script, open: string, code: string, close: string) => open + minifyScript(code) + close)

/** Both: what finish-build.ts does to each page's scripts before it hashes them into the page's policy. */
export const compactScripts = (html: string): string => withMinifiedEarlySubmit(withoutChunkMapping(html))
