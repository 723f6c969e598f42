import { browserStorage } from "./browser-storage"
import { limits } from "./fields"
import { isReference, makeReference } from "./reference"

/**
 * What the visitor typed, kept for the browser tab's session so a reload loses nothing, and the reference
 * of the request once the button has been pressed: pressing it again after a failure sends the same
 * reference, so the business sees one customer.
 */
export interface Draft {
  name: string
  phone: string
  ref?: string
}

const key = "estimate-form-draft"

// A draft is a convenience, never a failure: without storage the form works without one.
const storage = () => browserStorage("sessionStorage")

export function loadDraft(): Draft | null {
  try {
    const raw = storage()?.getItem(key)
    if (!raw) return null
    const { name, phone, ref } = JSON.parse(raw) as Partial<Draft>
    return {
      name: typeof name === "string" ? name.slice(0, limits.nameMax) : "",
      phone: typeof phone === "string" ? phone.slice(0, limits.phoneMax) : "",
      ...(isReference(ref) ? { ref } : {}),
    }
  } catch {
    return null
  }
}

function writeDraft(draft: Draft) {
  try {
    if (draft.name || draft.phone || draft.ref) storage()?.setItem(key, JSON.stringify(draft))
    else storage()?.removeItem(key)
  } catch {
    // Full or blocked storage: the form works without a draft.
  }
}

/** Saves what the inputs hold, keeping the reference of a request already tried. */
export function saveDraft({ name, phone }: Pick<Draft, "name" | "phone">) {
  const ref = loadDraft()?.ref
  writeDraft({ name, phone, ...(ref ? { ref } : {}) })
}

/** The reference of the request being sent: the one already tried from this tab, or a new one, kept. */
export function draftReference(): string {
  const draft = loadDraft()
  if (draft?.ref) return draft.ref
  const ref = makeReference()
  writeDraft({ name: draft?.name ?? "", phone: draft?.phone ?? "", ref })
  return ref
}

/** The request went out or was kept for later: the next one is a new request. */
export const clearDraft = () => writeDraft({ name: "", phone: "" })
