import { limits } from "./fields"

/** What the visitor typed, kept for the browser tab's session so a reload loses nothing. */
export interface Draft {
  name: string
  phone: string
}

const key = "estimate-form-draft"

// Storage can be missing or throw (private modes, blocked cookies); a draft is a convenience, never a failure.
const storage = (): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}

export function loadDraft(): Draft | null {
  try {
    const raw = storage()?.getItem(key)
    if (!raw) return null
    const { name, phone } = JSON.parse(raw) as Partial<Draft>
    return {
      name: typeof name === "string" ? name.slice(0, limits.nameMax) : "",
      phone: typeof phone === "string" ? phone.slice(0, limits.phoneMax) : "",
    }
  } catch {
    return null
  }
}

export function saveDraft({ name, phone }: Draft) {
  try {
    if (name || phone) storage()?.setItem(key, JSON.stringify({ name, phone }))
    else storage()?.removeItem(key)
  } catch {
    // Full or blocked storage: the form works without a draft.
  }
}

export const clearDraft = () => saveDraft({ name: "", phone: "" })
