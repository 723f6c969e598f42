/**
 * Gatsby ends each page with <script src async> tags for its bundles: about 110 KB of React, Gatsby and the
 * site's components that a phone would fetch, compile and run while its visitor is still reading. Reading
 * needs none of it: the links, the call link, the menus (native links and <details> until the code runs),
 * the FAQ (<details>) and the estimate form, which posts to the site's inbox without code
 * (worker/inbox/form-post.ts) and whose early press early-submit.ts holds. These tags give way to one inline
 * script, loadBundlesOnFirstAction below, which fetches and runs them when the visitor first acts on the
 * page. Its code is the same on every page (the bundles' names are in a data attribute), so the
 * Content-Security-Policy allows it with one hash.
 */
import fs from "fs"
import path from "path"
import { CALL_TAPS_COUNTED, EARLY_CALL_TAPS_ATTRIBUTE } from "../../browser/estimate/conversion"
import { DRAFT_KEY } from "../../browser/estimate/draft"
import { OUTBOX_KEY } from "../../browser/estimate/outbox-storage"
import { RewrittenPageError } from "./rewritten"

export const LOADER_ID = "gatsby-bundles"

const noPageCode = (): PageCode => ({ scripts: [], data: [], form: [] })

/** The chunk of the estimate form's engine, as src/hooks/use-estimate-engine.tsx names its import(). */
export const ENGINE_CHUNK = "estimate-engine"

/**
 * What counts as acting on the page: a touch or a press anywhere, a key, focus moving. Not a pointer passing
 * over: Chromium reports one, trusted, under a resting mouse as soon as a page lays out, so the code would load
 * with no one there; and the menus open on hover without code (src/styles/theme.ts › scripting).
 */
export const FIRST_ACTIONS = ["pointerdown", "touchstart", "keydown", "focusin"] as const

/**
 * Runs inline in the built page, with its own <script> element as `marker`. On the visitor's first action
 * (FIRST_ACTIONS) it preloads the bundles all at once, with what Gatsby's code then asks for (the page's
 * template's scripts and its data, PageCode below; the form's engine too when that action is on the form) so
 * that a slow connection fetches them beside the bundles instead of one round trip after another. Then it runs
 * the bundles one after another, each in a task of its own: async scripts would run in whatever order they
 * arrived, and the last to arrive would compile its own code and then run the whole of Gatsby's and React's
 * start-up in the same long task. A visitor with work left from an earlier page, a request waiting in the outbox
 * or a form's draft, gets the code at once, so the request goes and the typing comes back without a touch.
 * Nothing loads on a timer. Until the code counts them itself, it counts the taps on a call link on <html>, so
 * that a call made before the code arrived is still measured (conversion.ts › countCallTaps).
 *
 * It is serialised with toString(), so it uses nothing but the browser's globals: the events, the two
 * storage keys and the call count's attribute are written out here, and a unit test holds them to the constants
 * above and in src/browser/estimate.
 */
export function loadBundlesOnFirstAction(marker: HTMLScriptElement) {
  const list = (names?: string) => (names ? names.split(" ") : [])
  const sources = list(marker.dataset.sources)
  const pageScripts = list(marker.dataset.pageScripts)
  const pageData = list(marker.dataset.pageData)
  const formScripts = list(marker.dataset.formScripts)
  const actions = ["pointerdown", "touchstart", "keydown", "focusin"]
  function preload(href: string, as: string) {
    const link = document.createElement("link")
    link.rel = "preload"
    link.as = as
    link.href = href
    // Gatsby reads its data with XMLHttpRequest: a CORS request without credentials, which only a preload
    // made the same way matches.
    if (as === "fetch") link.crossOrigin = "anonymous"
    document.head.appendChild(link)
  }
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
  // Takes the whole lists, so a second call finds nothing to load.
  function load(event?: Event) {
    actions.forEach(type => removeEventListener(type, load, true))
    const queue = sources.splice(0)
    queue.concat(pageScripts.splice(0)).forEach(source => preload(source, "script"))
    pageData.splice(0).forEach(source => preload(source, "fetch"))
    // A first touch on the form: its engine is what the visitor waits for next.
    const target = event && event.target
    const engine = formScripts.splice(0)
    if (target instanceof Element && target.closest("form")) engine.forEach(source => preload(source, "script"))
    runInTurn(queue)
  }
  function workLeft() {
    try {
      return localStorage.getItem("estimate-outbox") !== null || sessionStorage.getItem("estimate-form-draft") !== null
    } catch {
      // Storage blocked: there is no work kept in it either.
      return false
    }
  }
  function countCallTap(event: Event) {
    const root = document.documentElement
    const taps = root.getAttribute("data-early-call-taps")
    if (taps === "counted") return removeEventListener("click", countCallTap, true)
    if (event.target instanceof Element && event.target.closest('a[href^="tel:"]'))
      root.setAttribute("data-early-call-taps", String((Number(taps) || 0) + 1))
  }
  addEventListener("click", countCallTap, true)
  if (workLeft()) return load()
  actions.forEach(type => addEventListener(type, load, { capture: true, passive: true }))
}

/** What the loader writes out, for the test that holds it to the constants. */
export const LOADER_NAMES = {
  actions: FIRST_ACTIONS,
  keys: [OUTBOX_KEY, DRAFT_KEY],
  callTaps: [EARLY_CALL_TAPS_ATTRIBUTE, CALL_TAPS_COUNTED],
}

/** The loader's inline code. */
export const LOAD_ON_FIRST_ACTION = `(${loadBundlesOnFirstAction.toString()})(document.currentScript)`

const BUNDLE_SCRIPT = /<script src="([^"]+)" async(?:="")?><\/script>/g

/**
 * What Gatsby's code fetches for a page once its bundles run: the template's scripts and the page's data; and on a
 * page with the estimate form, the scripts of the form's engine, which its first focus or press asks for.
 */
export interface PageCode {
  scripts: string[]
  data: string[]
  form: string[]
}

const loaderTag = (sources: string[], page: PageCode) =>
  `<script id="${LOADER_ID}" data-sources="${sources.join(" ")}"` +
  (page.scripts.length ? ` data-page-scripts="${page.scripts.join(" ")}"` : "") +
  (page.data.length ? ` data-page-data="${page.data.join(" ")}"` : "") +
  (page.form.length ? ` data-form-scripts="${page.form.join(" ")}"` : "") +
  `>${LOAD_ON_FIRST_ACTION}</script>`

/** Where Gatsby writes the data of the page built as `file` (under public/): /page-data/<its folder>/page-data.json. */
export const pageDataPath = (file: string): string =>
  `/page-data/${file.replace(/(^|\/)index\.html$/, "") || "index"}/page-data.json`

/** Gatsby's record of a build's chunks: each chunk group (the app, each template) with every file it needs. */
type WebpackStats = { namedChunkGroups?: Record<string, { assets: Array<{ name: string } | string> }> }

const readJson = <T>(file: string, what: string): T => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T
  } catch (error) {
    throw new Error(`${file} (${what}) could not be read: ${(error as Error).message}`)
  }
}

/**
 * For each built page (its file under public/), what its code fetches after the bundles, read from the build:
 * the template's chunk group in webpack.stats.json, less the bundles the page names itself, and the page's
 * page-data.json, its static queries' results and the app's data; on a page with a form, the form's engine
 * (ENGINE_CHUNK) less what the page names already. A 404 page's data is left out: shown at a missing address,
 * Gatsby first asks for that address's data.
 */
export function pageCodeOf(publicDir: string): (file: string, bundles: string[], html: string) => PageCode {
  const statsFile = path.join(publicDir, "webpack.stats.json")
  const groups = readJson<WebpackStats>(statsFile, "Gatsby's chunks").namedChunkGroups ?? {}
  const scriptsOf = (group: { assets: Array<{ name: string } | string> }, leaving: string[]) =>
    group.assets
      .map(asset => `/${typeof asset === "string" ? asset : asset.name}`)
      .filter(script => script.endsWith(".js") && !leaving.includes(script))
  return (file, bundles, html) => {
    const dataFile = pageDataPath(file)
    const pageData = readJson<{ componentChunkName?: string; staticQueryHashes?: string[] }>(
      path.join(publicDir, dataFile),
      `the data of public/${file}`,
    )
    const group = pageData.componentChunkName ? groups[pageData.componentChunkName] : undefined
    if (!group)
      throw new Error(
        `public/${file}: webpack.stats.json has no chunk group "${pageData.componentChunkName}"; update src/build-time/deploy/on-first-action.ts`,
      )
    const scripts = scriptsOf(group, bundles)
    let form: string[] = []
    if (/<form[\s>]/.test(html)) {
      const engine = groups[ENGINE_CHUNK]
      if (!engine)
        throw new Error(
          `public/${file} has a form, but webpack.stats.json has no chunk group "${ENGINE_CHUNK}"; update src/build-time/deploy/on-first-action.ts`,
        )
      form = scriptsOf(engine, [...bundles, ...scripts])
    }
    if (/^404(\.html|\/)/.test(file)) return { scripts, data: [], form }
    const data = [
      "/page-data/app-data.json",
      dataFile,
      ...(pageData.staticQueryHashes ?? []).map(hash => `/page-data/sq/d/${hash}.json`),
    ]
    return { scripts, data, form }
  }
}

/**
 * Replaces a built page's async bundle scripts with the loader, where the first of them stood, naming what
 * the page's code fetches next (`pageCode`) for it to preload too. Throws when the page has no bundle scripts:
 * it was rewritten already, or Gatsby has changed how it writes them.
 */
export function loadBundlesOnAction(
  html: string,
  pageCode: (bundles: string[], html: string) => PageCode = noPageCode,
): string {
  const sources: string[] = []
  let first = -1
  const rest = html.replace(BUNDLE_SCRIPT, (_tag, source: string, offset: number) => {
    if (first === -1) first = offset
    sources.push(source)
    return ""
  })
  if (first !== -1) return rest.slice(0, first) + loaderTag(sources, pageCode(sources, html)) + rest.slice(first)
  if (html.includes(`<script id="${LOADER_ID}"`)) throw new RewrittenPageError("its bundles already load on action")
  throw new Error("A built page has no <script src async> bundle tags; update src/build-time/deploy/on-first-action.ts")
}
