/*
 * Why a request found no network: the device is offline, or only the mail service is out of reach (a
 * content blocker, a network filter) while the site itself answers. Offline is worth waiting out; a
 * blocked mail service will stay blocked, so the visitor is told at once and given the other ways.
 */

/** How long the site's own origin has to answer before the device counts as offline. */
export const SITE_CHECK_TIMEOUT_MS = 4_000

export type Unreachable = "offline" | "blocked"

/** True when this site's own origin answers at all (any HTTP status): the device is online. */
export async function siteAnswers(timeoutMs: number = SITE_CHECK_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    // The page's own address, never from a cache: only a live answer says the network is up.
    await fetch(window.location.pathname, { method: "HEAD", cache: "no-store", signal: controller.signal })
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/** After a request to the mail service failed at the network level: offline, or the mail service blocked. */
export async function whyUnreachable(answers: () => Promise<boolean> = siteAnswers): Promise<Unreachable> {
  if (!navigator.onLine) return "offline"
  return (await answers()) ? "blocked" : "offline"
}
