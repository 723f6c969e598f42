/**
 * Leads counted as Google Ads conversions: a sent estimate and a tap on any call link, the taps made before the
 * page's code arrived among them. The Google tag itself loads only when GATSBY_GTAG_ID is set
 * (src/components/google-tag.tsx); the site never depends on it.
 */
import { adsConversionTarget, callConversionTarget, gtagId } from "../../lib/estimate/config"

type Gtag = (...args: unknown[]) => void
type TaggedWindow = Window & { gtag?: Gtag; dataLayer?: unknown[] }

export type Conversion = "estimate" | "call"

/**
 * On <html>: the call taps the bundle loader (src/build-time/deploy/on-first-action.ts) counted before the
 * page's code ran, and CALL_TAPS_COUNTED once the code counts them itself, which stops the loader's count.
 */
export const EARLY_CALL_TAPS_ATTRIBUTE = "data-early-call-taps"
export const CALL_TAPS_COUNTED = "counted"

/** Leads made before Google's tag was installed (it is, after the page hydrates), counted once it is. */
const beforeTag: Conversion[] = []

/** Counts a lead when Google's tag (or its queue) is on the page, or once it is when the build sets one. */
export function reportConversion(conversion: Conversion = "estimate") {
  const { gtag } = window as TaggedWindow
  if (typeof gtag !== "function") {
    if (gtagId()) beforeTag.push(conversion)
    return
  }
  const target = conversion === "call" ? callConversionTarget() : adsConversionTarget()
  try {
    gtag("event", "conversion", target ? { send_to: target } : {})
  } catch (error) {
    // The lead was sent; a broken analytics tag must not turn that into an error notice.
    console.error(error)
  }
}

/** A click listener for the document: a tap on a tel: link is a call. */
export function reportCallTaps(event: MouseEvent) {
  const target = event.target
  if (target instanceof Element && target.closest('a[href^="tel:"]')) reportConversion("call")
}

/**
 * Counts every call tap from now on, and the ones the bundle loader counted while the code was on its way: a
 * visitor on a slow phone who taps the number at once leaves for the phone app before the code arrives.
 */
export function countCallTaps() {
  const root = document.documentElement
  const early = Number(root.getAttribute(EARLY_CALL_TAPS_ATTRIBUTE)) || 0
  root.setAttribute(EARLY_CALL_TAPS_ATTRIBUTE, CALL_TAPS_COUNTED)
  for (let tap = 0; tap < early; tap++) reportConversion("call")
  document.addEventListener("click", reportCallTaps)
}

/**
 * Google's command queue, as its snippet defines it, here in the site's own code so that no inline
 * script needs a place in the Content-Security-Policy. gtag.js reads the queue when it arrives.
 */
export function installGtag(id: string) {
  const tagged = window as TaggedWindow
  if (tagged.gtag) return
  const dataLayer = (tagged.dataLayer ??= [])
  tagged.gtag = function gtag() {
    // gtag.js expects the arguments object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments)
  }
  tagged.gtag("js", new Date())
  tagged.gtag("config", id)
  for (const conversion of beforeTag.splice(0)) reportConversion(conversion)
}
