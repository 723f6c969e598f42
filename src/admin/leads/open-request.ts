/*
 * A notification's tap opens the Leads view at its request (/admin/leads/#<ref>, push-worker.ts): the view
 * brings that request's row into sight and puts the focus on its call button, on load and whenever the app,
 * already open, is sent to another request.
 */
import { isReference } from "../../lib/estimate/reference"

/** The row of the request the address names, scrolled to, its phone link focused; false when there is none. */
export function showRequestOfAddress(root: HTMLElement, hash = window.location.hash): boolean {
  const ref = hash.replace(/^#/, "")
  if (!isReference(ref)) return false
  const row = root.querySelector<HTMLElement>(`tr[data-ref="${ref}"]`)
  if (!row) return false
  row.scrollIntoView({ block: "center" })
  row.querySelector<HTMLElement>('a[href^="tel:"]')?.focus()
  return true
}

let following = false

/** Shows the request the address names now and after each change of it. */
export function followRequestAddress(root: HTMLElement): void {
  showRequestOfAddress(root)
  if (following) return
  following = true
  window.addEventListener("hashchange", () => showRequestOfAddress(root))
}
