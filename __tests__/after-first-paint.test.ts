import { LOAD_AFTER_FIRST_PAINT } from "../src/lib/deploy/after-first-paint"

type PaintCallback = (
  list: { getEntriesByName: (name: string) => unknown[] },
  observer: { disconnect: () => void },
) => void

describe("the bundle loader in a built page", () => {
  let visibility: DocumentVisibilityState
  beforeEach(() => {
    jest.useFakeTimers()
    visibility = "visible"
    jest.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility)
    document.body.innerHTML = ""
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
    Reflect.deleteProperty(window, "PerformanceObserver")
  })

  function runLoader() {
    const marker = document.createElement("script")
    marker.dataset.sources = "/webpack-runtime-1.js /framework-2.js /app-3.js"
    document.body.append(marker)
    jest.spyOn(document, "currentScript", "get").mockReturnValue(marker)
    new Function(LOAD_AFTER_FIRST_PAINT)()
  }

  const added = () =>
    Array.from(document.body.querySelectorAll<HTMLScriptElement>("script[src]")).map(script => [
      script.getAttribute("src"),
      script.async,
    ])
  const allBundles = [
    ["/webpack-runtime-1.js", true],
    ["/framework-2.js", true],
    ["/app-3.js", true],
  ]

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

  it("adds the bundles, async and in order, once the first contentful paint is reported", () => {
    const { observers, paint } = observePaints()
    runLoader()
    expect(observers[0].options).toEqual({ type: "paint", buffered: true })
    jest.runAllTimers()
    paint("first-paint")
    jest.runAllTimers()
    expect(added()).toEqual([])

    paint("first-contentful-paint")
    expect(observers[0].disconnect).toHaveBeenCalled()
    jest.runAllTimers()
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
    expect(added()).toEqual(allBundles)
  })

  it("adds them at once in a background tab, which paints nothing until it is shown", () => {
    visibility = "hidden"
    const { observers } = observePaints()
    const frame = jest.spyOn(window, "requestAnimationFrame")
    runLoader()
    expect(added()).toEqual(allBundles)
    expect(observers).toHaveLength(0)
    expect(frame).not.toHaveBeenCalled()
  })
})
