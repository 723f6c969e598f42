import fs from "fs"
import path from "path"
import {
  ENGINE_CHUNK,
  FIRST_ACTIONS,
  LOAD_ON_FIRST_ACTION,
  loadBundlesOnFirstAction,
  LOADER_NAMES,
} from "../src/build-time/deploy/on-first-action"
import { CALL_TAPS_COUNTED, EARLY_CALL_TAPS_ATTRIBUTE } from "../src/browser/estimate/conversion"
import { DRAFT_KEY } from "../src/browser/estimate/draft"
import { OUTBOX_KEY } from "../src/browser/estimate/outbox-storage"

const BUNDLES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"]

describe("the bundle loader in a built page", () => {
  beforeEach(() => {
    document.head.innerHTML = ""
    document.body.innerHTML = '<header><a href="/">Home</a></header><main><p>Driveways</p><form></form></main>'
    localStorage.clear()
    sessionStorage.clear()
  })
  afterEach(() => {
    jest.restoreAllMocks()
    // A loader still waiting would take the next test's actions: its own action ends it, and a click once the
    // code counts the calls ends its count.
    act("keydown")
    document.documentElement.setAttribute(EARLY_CALL_TAPS_ATTRIBUTE, CALL_TAPS_COUNTED)
    act("click")
    document.documentElement.removeAttribute(EARLY_CALL_TAPS_ATTRIBUTE)
  })

  function runLoader(page?: { scripts: string[]; data: string[]; form?: string[] }) {
    const marker = document.createElement("script")
    marker.dataset.sources = BUNDLES.join(" ")
    if (page) {
      marker.dataset.pageScripts = page.scripts.join(" ")
      marker.dataset.pageData = page.data.join(" ")
      if (page.form) marker.dataset.formScripts = page.form.join(" ")
    }
    document.body.append(marker)
    jest.spyOn(document, "currentScript", "get").mockReturnValue(marker)
    new Function(LOAD_ON_FIRST_ACTION)()
  }

  const added = () =>
    Array.from(document.body.querySelectorAll<HTMLScriptElement>("script[src]")).map(script => [
      script.getAttribute("src"),
      script.async,
    ])
  const preloaded = () =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>("link[rel=preload]")).map(link => [
      link.getAttribute("href"),
      link.as,
    ])
  const allPreloads = BUNDLES.map(source => [source, "script"])
  const allBundles = BUNDLES.map(source => [source, true])
  /** The browser runs the last bundle added and reports it loaded (or failed), which adds the next one. */
  const finishLast = (event: "load" | "error" = "load") => {
    const scripts = document.body.querySelectorAll("script[src]")
    scripts[scripts.length - 1].dispatchEvent(new Event(event))
  }
  const act = (type: string, on: Element = document.body) =>
    on.dispatchEvent(new Event(type, { bubbles: true, composed: true }))

  it("writes out the events, the storage keys and the call count's attribute the site's constants name", () => {
    const code = loadBundlesOnFirstAction.toString()
    expect(LOADER_NAMES).toEqual({
      actions: FIRST_ACTIONS,
      keys: [OUTBOX_KEY, DRAFT_KEY],
      callTaps: [EARLY_CALL_TAPS_ATTRIBUTE, CALL_TAPS_COUNTED],
    })
    expect(code).toContain(JSON.stringify(FIRST_ACTIONS).slice(1, -1).replace(/,/g, ", "))
    for (const name of [OUTBOX_KEY, DRAFT_KEY, EARLY_CALL_TAPS_ATTRIBUTE, CALL_TAPS_COUNTED])
      expect(code).toContain(`"${name}"`)
  })

  it("counts the taps on a call link until the code counts them, and no other click", () => {
    document.body.innerHTML += '<a href="tel:+18015550142"><span>Call</span></a><a href="/estimate/">Estimate</a>'
    runLoader()
    const count = () => document.documentElement.getAttribute(EARLY_CALL_TAPS_ATTRIBUTE)
    act("click", document.querySelector("a[href='/estimate/']") as Element)
    expect(count()).toBeNull()
    act("click", document.querySelector("a[href^='tel:'] span") as Element)
    act("click", document.querySelector("a[href^='tel:']") as Element)
    expect(count()).toBe("2")
    document.documentElement.setAttribute(EARLY_CALL_TAPS_ATTRIBUTE, CALL_TAPS_COUNTED)
    act("click", document.querySelector("a[href^='tel:']") as Element)
    expect(count()).toBe(CALL_TAPS_COUNTED)
  })

  it("loads nothing until the visitor acts, however long the page stays open", () => {
    jest.useFakeTimers()
    try {
      runLoader()
      jest.advanceTimersByTime(60 * 60 * 1000)
      act("scroll")
      act("mousemove")
      act("pointerover", document.querySelector("header a") as Element)
      expect(added()).toEqual([])
      expect(preloaded()).toEqual([])
    } finally {
      jest.useRealTimers()
    }
  })

  it.each(["pointerdown", "touchstart", "keydown", "focusin"])(
    "on a %s anywhere, preloads every bundle and runs them one after another",
    type => {
      runLoader()
      act(type, document.querySelector("main p") as Element)
      expect(preloaded()).toEqual(allPreloads)
      // One bundle at a time: the next is added only when the browser has run the one before.
      expect(added()).toEqual(allBundles.slice(0, 1))
      finishLast()
      expect(added()).toEqual(allBundles.slice(0, 2))
      finishLast()
      expect(added()).toEqual(allBundles)
      finishLast()
      expect(added()).toEqual(allBundles)
    },
  )

  it("preloads what the page's code fetches next, beside the bundles, and runs only the bundles", () => {
    const page = {
      scripts: ["/commons-4.js", "/component---city-5.js"],
      data: ["/page-data/app-data.json", "/page-data/x.json"],
    }
    runLoader(page)
    act("touchstart")
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>("link[rel=preload]"))
    expect(links.map(link => [link.getAttribute("href"), link.as, link.getAttribute("crossorigin")])).toEqual([
      ...BUNDLES.map(source => [source, "script", null]),
      ...page.scripts.map(source => [source, "script", null]),
      // Gatsby reads its data with XMLHttpRequest, without credentials: the preload must be made alike to be used.
      ...page.data.map(source => [source, "fetch", "anonymous"]),
    ])
    finishLast()
    finishLast()
    finishLast()
    expect(added()).toEqual(allBundles)
    act("keydown")
    expect(document.head.querySelectorAll("link[rel=preload]")).toHaveLength(links.length)
  })

  it.each([
    ["on the form", "form input", true],
    ["elsewhere", "main p", false],
  ])("preloads the form's engine when the first touch is %s", (_where, selector, preloaded) => {
    document.body.innerHTML = '<main><p>Driveways</p><form><input name="name"/></form></main>'
    runLoader({ scripts: [], data: [], form: ["/estimate-engine-6.js"] })
    act("touchstart", document.querySelector(selector) as Element)
    const engine = document.head.querySelectorAll('link[rel=preload][href="/estimate-engine-6.js"]')
    expect(engine).toHaveLength(preloaded ? 1 : 0)
  })

  it("names the engine's chunk as the form's code imports it", () => {
    const source = fs.readFileSync(path.join(__dirname, "../src/hooks/use-estimate-engine.tsx"), "utf8")
    expect(source).toContain(`webpackChunkName: "${ENGINE_CHUNK}"`)
  })

  it("goes on to the next bundle when one fails to load, and starts only once", () => {
    runLoader()
    act("keydown")
    act("pointerdown")
    expect(preloaded()).toEqual(allPreloads)
    finishLast("error")
    expect(added()).toEqual(allBundles.slice(0, 2))
    finishLast()
    expect(added()).toEqual(allBundles)
  })

  it.each([
    ["a request waiting in the outbox", () => localStorage.setItem(OUTBOX_KEY, "{}")],
    ["a draft of the form", () => sessionStorage.setItem(DRAFT_KEY, "{}")],
  ])("loads at once when the visitor has %s", (_work, keep) => {
    keep()
    runLoader()
    expect(preloaded()).toEqual(allPreloads)
  })

  it("waits for an action when storage is blocked", () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError")
    })
    runLoader()
    expect(added()).toEqual([])
    act("touchstart")
    expect(added()).toEqual(allBundles.slice(0, 1))
  })
})
