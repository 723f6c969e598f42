/** The follow-up's offer (src/lib/estimate/follow-up.ts) is made once per browser: once shown, never again. */
import { browserStorage } from "./browser-storage"

const ASKED_KEY = "estimate-follow-up-asked"

const storage = () => browserStorage("localStorage")

// Without storage the offer is made once per page instead, which still never repeats within a visit's page.
let askedHere = false

export function followUpAsked(): boolean {
  if (askedHere) return true
  try {
    return Boolean(storage()?.getItem(ASKED_KEY))
  } catch {
    return false
  }
}

export function markFollowUpAsked(ref: string) {
  askedHere = true
  try {
    storage()?.setItem(ASKED_KEY, ref)
  } catch {
    // Remembered for this page only.
  }
}

/** Tests only. */
export const resetFollowUpForTests = () => {
  askedHere = false
}
