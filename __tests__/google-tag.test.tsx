import { render, waitFor } from "@testing-library/react"
import { GoogleTag } from "../src/components/google-tag"
import { GOOGLE_TAG_ORIGIN } from "../src/lib/estimate/config"
import { gtagId } from "../src/lib/estimate/config"
import {
  CALL_TAPS_COUNTED,
  countCallTaps,
  EARLY_CALL_TAPS_ATTRIBUTE,
  installGtag,
  reportCallTaps,
  reportConversion,
} from "../src/browser/estimate/conversion"

type TaggedWindow = Window & { gtag?: jest.Mock | ((...args: unknown[]) => void); dataLayer?: unknown[] }
const win = window as TaggedWindow

afterEach(() => {
  delete process.env.GATSBY_GTAG_ID
  delete process.env.GATSBY_GOOGLE_ADS_CONVERSION
  delete process.env.GATSBY_GOOGLE_ADS_CALL_CONVERSION
  delete win.gtag
  delete win.dataLayer
  document.head.innerHTML = ""
  document.documentElement.removeAttribute(EARLY_CALL_TAPS_ATTRIBUTE)
})

const conversionsIn = (dataLayer: unknown[] = []) =>
  dataLayer.map(entry => Array.from(entry as ArrayLike<unknown>)).filter(([, action]) => action === "conversion")

describe("GoogleTag", () => {
  it("loads nothing and defines nothing when GATSBY_GTAG_ID is not set", async () => {
    const { container } = render(<GoogleTag />)
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(container).toBeEmptyDOMElement()
    expect(document.querySelector("script[src]")).toBeNull()
    expect(win.gtag).toBeUndefined()
  })

  it("queues Google's config for the id and loads its tag once the page is idle", async () => {
    process.env.GATSBY_GTAG_ID = "AW-123456789"
    render(<GoogleTag />)
    expect(typeof win.gtag).toBe("function")
    const commands = (win.dataLayer ?? []).map(entry => Array.from(entry as ArrayLike<unknown>))
    expect(commands).toEqual([
      ["js", expect.any(Date)],
      ["config", "AW-123456789"],
    ])
    await waitFor(() =>
      expect(document.querySelector(`script[src="${GOOGLE_TAG_ORIGIN}/gtag/js?id=AW-123456789"]`)).not.toBeNull(),
    )
  })

  it("refuses an id that is not a Google tag's", () => {
    expect(() => gtagId({ GATSBY_GTAG_ID: "https://evil.example/x.js" })).toThrow("is not a Google tag id")
    // A Tag Manager container runs whatever script its editors add, where the owner's sign-in lives: refused.
    expect(() => gtagId({ GATSBY_GTAG_ID: "GTM-ABC1234" })).toThrow("Tag Manager container")
    expect(gtagId({ GATSBY_GTAG_ID: "AW-123456789" })).toBe("AW-123456789")
    expect(gtagId({ GATSBY_GTAG_ID: " G-ABC123 " })).toBe("G-ABC123")
  })
})

describe("reportCallTaps", () => {
  const tap = (html: string) => {
    document.body.innerHTML = html
    const target = document.querySelector("span, a")!
    reportCallTaps({ target } as unknown as MouseEvent)
  }

  it("counts a tap on a tel: link, with the call's own conversion or the estimate's", () => {
    win.gtag = jest.fn()
    process.env.GATSBY_GOOGLE_ADS_CONVERSION = "AW-1/estimate"
    tap('<a href="tel:+18015550142"><span>Call</span></a>')
    expect(win.gtag).toHaveBeenLastCalledWith("event", "conversion", { send_to: "AW-1/estimate" })
    process.env.GATSBY_GOOGLE_ADS_CALL_CONVERSION = "AW-1/call"
    tap('<a href="tel:+18015550142">Call</a>')
    expect(win.gtag).toHaveBeenLastCalledWith("event", "conversion", { send_to: "AW-1/call" })
    expect(win.gtag).toHaveBeenCalledTimes(2)
  })

  it("ignores other links", () => {
    win.gtag = jest.fn()
    tap('<a href="/estimate">Estimate</a>')
    expect(win.gtag).not.toHaveBeenCalled()
  })
})

describe("leads made before Google's tag is installed", () => {
  it("are counted once the tag is installed, when the build sets one", () => {
    process.env.GATSBY_GTAG_ID = "AW-123456789"
    process.env.GATSBY_GOOGLE_ADS_CALL_CONVERSION = "AW-1/call"
    reportConversion("call")
    reportConversion("estimate")
    expect(win.gtag).toBeUndefined()
    installGtag("AW-123456789")
    expect(conversionsIn(win.dataLayer)).toEqual([
      ["event", "conversion", { send_to: "AW-1/call" }],
      ["event", "conversion", {}],
    ])
    // Counted once: a second install (another page view in the same window) adds none.
    delete win.gtag
    installGtag("AW-123456789")
    expect(conversionsIn(win.dataLayer)).toHaveLength(2)
  })

  it("are not kept when the build sets no tag", () => {
    reportConversion("call")
    process.env.GATSBY_GTAG_ID = "AW-123456789"
    installGtag("AW-123456789")
    expect(conversionsIn(win.dataLayer)).toEqual([])
  })
})

describe("countCallTaps", () => {
  afterEach(() => document.removeEventListener("click", reportCallTaps))

  it("counts the call taps the bundle loader counted, then every tap itself", () => {
    win.gtag = jest.fn()
    document.body.innerHTML = '<a href="tel:+18015550142">Call</a>'
    document.documentElement.setAttribute(EARLY_CALL_TAPS_ATTRIBUTE, "2")
    countCallTaps()
    expect(win.gtag).toHaveBeenCalledTimes(2)
    expect(document.documentElement.getAttribute(EARLY_CALL_TAPS_ATTRIBUTE)).toBe(CALL_TAPS_COUNTED)
    document.querySelector("a")!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))
    expect(win.gtag).toHaveBeenCalledTimes(3)
  })

  it("counts none when no tap came before the code", () => {
    win.gtag = jest.fn()
    countCallTaps()
    expect(win.gtag).not.toHaveBeenCalled()
  })
})
