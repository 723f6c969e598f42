import { adsConversionTarget } from "./config"

type Gtag = (command: "event", action: string, params: Record<string, unknown>) => void

/** Counts a lead in Google Ads when its tag is on the page; the form never depends on it. */
export function reportConversion() {
  const { gtag } = window as Window & { gtag?: Gtag }
  if (typeof gtag !== "function") return
  const target = adsConversionTarget()
  try {
    gtag("event", "conversion", target ? { send_to: target } : {})
  } catch (error) {
    // The lead was sent; a broken analytics tag must not turn that into an error notice.
    console.error(error)
  }
}
