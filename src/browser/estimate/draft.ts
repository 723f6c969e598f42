import { browserStorage } from "./browser-storage"
import { limits } from "../../lib/estimate/fields"
import type { RequestIds } from "../../lib/estimate/lead"
import { isReference, isSecret, makeReference, makeSecret } from "../../lib/estimate/reference"

/**
 * What the visitor typed, kept for the browser tab's session so a reload loses nothing, and the reference
 * and the secret of the request once the button has been pressed: pressing it again after a failure sends the
 * same reference with the same secret, so the business sees one customer and the inbox takes the repeat.
 */
export interface Draft {
  name: string
  phone: string
  ids?: RequestIds
}

/** Where the draft is kept, in sessionStorage (the bundle loader looks for it too: on-first-action.ts). */
export const DRAFT_KEY = "estimate-form-draft"

// A draft is a convenience, never a failure: without storage the form works without one.
const storage = () => browserStorage("sessionStorage")

export function loadDraft(): Draft | null {
  try {
    const raw = storage()?.getItem(DRAFT_KEY)
    if (!raw) return null
    const { name, phone, ids } = JSON.parse(raw) as Partial<Draft>
    return {
      name: typeof name === "string" ? name.slice(0, limits.nameMax) : "",
      phone: typeof phone === "string" ? phone.slice(0, limits.phoneMax) : "",
      ...(isReference(ids?.ref) && isSecret(ids?.secret) ? { ids: { ref: ids.ref, secret: ids.secret } } : {}),
    }
  } catch {
    return null
  }
}

function writeDraft(draft: Draft) {
  try {
    if (draft.name || draft.phone || draft.ids) storage()?.setItem(DRAFT_KEY, JSON.stringify(draft))
    else storage()?.removeItem(DRAFT_KEY)
  } catch {
    // Full or blocked storage: the form works without a draft.
  }
}

/** Saves what the inputs hold, keeping the reference and secret of a request already tried. */
export function saveDraft({ name, phone }: Pick<Draft, "name" | "phone">) {
  const ids = loadDraft()?.ids
  writeDraft({ name, phone, ...(ids ? { ids } : {}) })
}

/** The reference and secret of the request being sent: those already tried from this tab, or new ones, kept. */
export function draftIds(): RequestIds {
  const draft = loadDraft()
  if (draft?.ids) return draft.ids
  const ids = { ref: makeReference(), secret: makeSecret() }
  writeDraft({ name: draft?.name ?? "", phone: draft?.phone ?? "", ids })
  return ids
}

/** The request went out or was kept for later: the next one is a new request. */
export const clearDraft = () => writeDraft({ name: "", phone: "" })
