/**
 * Leads counted as Google Ads conversions: a sent estimate and a tap on any call link. The Google tag
 * itself loads only when GATSBY_GTAG_ID is set (src/components/google-tag.tsx); the site never
 * depends on it.
 */
import { adsConversionTarget, callConversionTarget } from "../../lib/estimate/config"

type Gtag = (...args: unknown[]) => void
type TaggedWindow = Window & { gtag?: Gtag; dataLayer?: unknown[] }

export type Conversion = "estimate" | "call"

/** Counts a lead when Google's tag (or its queue) is on the page. */
export function reportConversion(conversion: Conversion = "estimate") {
  const { gtag } = window as TaggedWindow
  if (typeof gtag !== "function") return
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
}
