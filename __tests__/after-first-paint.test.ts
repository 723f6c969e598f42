import { LOAD_AFTER_FIRST_PAINT } from "../src/build-time/deploy/after-first-paint"

type PaintCallback = (
  list: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect: () => void },
) => void

const BUNDLES = ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"]

describe("the bundle loader in a built page", () => {
  let visibility: DocumentVisibilityState
  beforeEach(() => {
    jest.useFakeTimers()
    visibility = "visible"
    jest.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility)
    document.head.innerHTML = ""
    document.body.innerHTML = ""
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
    Reflect.deleteProperty(window, "PerformanceObserver")
  })

  function runLoader() {
    const marker = document.createElement("script")
    marker.dataset.sources = BUNDLES.join(" ")
    document.body.append(marker)
    jest.spyOn(document, "currentScript", "get").mockReturnValue(marker)
    new Function(LOAD_AFTER_FIRST_PAINT)()
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
  /** Lets each bundle in turn run, as the browser would, and returns what was added. */
  function runAll() {
    for (let bundle = 0; bundle < allBundles.length; bundle++) finishLast()
    return added()
  }

  /** A PerformanceObserver that reports paint entries when the test says they happened. */
  function observePaints() {
    const observers: { callback: PaintCallback; disconnect: jest.Mock; options?: object }[] = []
    class FakeObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"]
      private record: (typeof observers)[number]
      constructor(callback: PaintCallback) {
        this.record = { callback, disconnect: jest.fn() }
        observers.push(this.record)
      }
      observe(options: object) {
        this.record.options = options
      }
      disconnect() {
        this.record.disconnect()
      }
    }
    Object.assign(window, { PerformanceObserver: FakeObserver })
    const paint = (name: string) =>
      observers.forEach(({ callback, disconnect }) =>
        callback({ getEntriesByName: wanted => (wanted === name ? [{ name }] : []) }, { disconnect }),
      )
    return { observers, paint }
  }

  it("once the first contentful paint is reported, preloads every bundle and runs them one after another", () => {
    const { observers, paint } = observePaints()
    runLoader()
    expect(observers[0].options).toEqual({ type: "paint", buffered: true })
    jest.runAllTimers()
    paint("first-paint")
    jest.runAllTimers()
    expect(added()).toEqual([])
    expect(preloaded()).toEqual([])

    paint("first-contentful-paint")
    expect(observers[0].disconnect).toHaveBeenCalled()
    jest.runAllTimers()
    expect(preloaded()).toEqual(allPreloads)
    // One bundle at a time: the next is added only when the browser has run the one before.
    expect(added()).toEqual(allBundles.slice(0, 1))
    finishLast()
    expect(added()).toEqual(allBundles.slice(0, 2))
    finishLast()
    expect(added()).toEqual(allBundles)
    finishLast()
    expect(added()).toEqual(allBundles)
  })

  it("goes on to the next bundle when one fails to load, and starts only once", () => {
    const { paint } = observePaints()
    runLoader()
    paint("first-contentful-paint")
    paint("first-contentful-paint")
    jest.runAllTimers()
    expect(preloaded()).toEqual(allPreloads)
    finishLast("error")
    expect(added()).toEqual(allBundles.slice(0, 2))
    finishLast()
    expect(added()).toEqual(allBundles)
  })

  it("without paint timing, waits two frames and then the task after the second", () => {
    const frames: FrameRequestCallback[] = []
    jest.spyOn(window, "requestAnimationFrame").mockImplementation(callback => frames.push(callback))
    runLoader()
    jest.runAllTimers()
    frames[0](0)
    jest.runAllTimers()
    expect(added()).toEqual([])

    frames[1](16)
    expect(added()).toEqual([])
    jest.runAllTimers()
    expect(preloaded()).toEqual(allPreloads)
    expect(runAll()).toEqual(allBundles)
  })

  it("adds them at once in a background tab, which paints nothing until it is shown", () => {
    visibility = "hidden"
    const { observers } = observePaints()
    const frame = jest.spyOn(window, "requestAnimationFrame")
    runLoader()
    expect(preloaded()).toEqual(allPreloads)
    expect(runAll()).toEqual(allBundles)
    expect(observers).toHaveLength(0)
    expect(frame).not.toHaveBeenCalled()
  })
})
