/**
 * Where the outbox keeps its requests: localStorage, shared by every tab of the site, one slot for the
 * visitor's own kept request (OUTBOX_KEY) and one for the owner's e-mail of a request the inbox holds
 * (EMAIL_RETRY_KEY), so that neither ever replaces the other. A request stays until the mail service accepts it;
 * while a tab sends it, it is marked with the time (sendingSince), and that mark is a lease other tabs respect
 * when the browser has no Web Locks.
 */
import { browserStorage } from "./browser-storage"
import { isIsoTime, type Lead } from "../../lib/estimate/lead"
import { isReference, isSecret, makeSecret } from "../../lib/estimate/reference"

export const OUTBOX_KEY = "estimate-outbox"
/** The owner's e-mail still to go for a request the inbox holds: retried without a word to the visitor. */
export const EMAIL_RETRY_KEY = "estimate-email-retry"
export type OutboxSlot = typeof OUTBOX_KEY | typeof EMAIL_RETRY_KEY
export const OUTBOX_MAX_AGE_DAYS = 3
export const OUTBOX_MAX_AGE_MS = OUTBOX_MAX_AGE_DAYS * 24 * 60 * 60 * 1000

/** Why a kept request waits: no network, or the mail service did not take it (429, 5xx, no answer). */
export type WaitReason = "offline" | "service"

export interface SavedLead {
  lead: Lead
  businessName: string
  /** Epoch milliseconds. */
  savedAt: number
  reason?: WaitReason
  /** The site's inbox has it: only the owner's e-mail is still to go, retried without a word to the visitor. */
  stored?: boolean
  /** Set while a tab sends it: when that send started (epoch milliseconds) and which tab. */
  sendingSince?: number
  sender?: string
}

export type OutboxStatus = "waiting" | "sending" | "sent" | "failed" | "blocked" | "expired"

export type OutboxState = { status: "empty" } | { status: OutboxStatus; saved: SavedLead; owner: string | null }

/** What the lazily loaded sending half (outbox-send.ts) may read and change of the outbox's state (outbox.ts). */
export interface OutboxMachine {
  tab: string
  state: () => OutboxState
  update: (next: OutboxState) => void
  expireIfStale: (saved: SavedLead) => boolean
  /** The same for the owner's e-mail retry (EMAIL_RETRY_KEY), on an age clock of its own and without a word. */
  dropRetryIfStale: (saved: SavedLead) => boolean
}

const storage = () => browserStorage("localStorage")

const isText = (value: unknown): value is string => typeof value === "string"

/** The kept request in the slot, or null when there is none or what is stored is not one. */
export function readSaved(slot: OutboxSlot = OUTBOX_KEY): SavedLead | null {
  try {
    const raw = storage()?.getItem(slot)
    if (!raw) return null
    const saved = JSON.parse(raw) as Partial<SavedLead>
    const lead = (saved.lead ?? {}) as Partial<Lead>
    const fields = [lead.name, lead.phone, lead.pageTitle, lead.pagePath, lead.sentAt, saved.businessName]
    if (!fields.every(isText) || !isReference(lead.ref) || typeof saved.savedAt !== "number") return null
    // An owner's e-mail kept in the visitor's slot by an earlier version of the site: moved to its own.
    const moved = slot === OUTBOX_KEY && saved.stored === true
    if (isSecret(lead.secret) && isIsoTime(lead.sentAt) && !moved) return saved as SavedLead
    // Kept by the site before requests had secrets, or ISO times: it gets a secret now, and the time it was kept
    // (within seconds of its send), kept, so its posts and updates agree and the inbox takes its time.
    const mended = {
      ...saved,
      lead: {
        ...lead,
        secret: isSecret(lead.secret) ? lead.secret : makeSecret(),
        sentAt: isIsoTime(lead.sentAt) ? lead.sentAt : new Date(saved.savedAt).toISOString(),
      },
    } as SavedLead
    if (!moved) {
      writeSaved(mended, slot)
      return mended
    }
    writeSaved(mended, EMAIL_RETRY_KEY)
    writeSaved(null, OUTBOX_KEY)
    return null
  } catch {
    return null
  }
}

/** Stores the request in the slot, or removes it with null; false when the device would not keep it. */
export function writeSaved(saved: SavedLead | null, slot: OutboxSlot = OUTBOX_KEY): boolean {
  try {
    const store = storage()
    if (!store) return false
    if (saved) store.setItem(slot, JSON.stringify(saved))
    else store.removeItem(slot)
    return true
  } catch {
    return false
  }
}

/** Replaces the slot's request only if it is still the one with this reference (the visitor may have sent another). */
export function replaceSaved(ref: string, next: SavedLead | null, slot: OutboxSlot = OUTBOX_KEY): void {
  const current = readSaved(slot)
  if (!current || current.lead.ref === ref) writeSaved(next, slot)
}

/**
 * How old a kept request is. The wall clock is read once per page, when the page first sees the request, and
 * the monotonic clock counts from there, so a device clock moved while the page is open neither drops a fresh
 * request nor keeps a stale one; an age below zero (a clock set back since) counts as fresh.
 */
export function createAgeClock(wallNow = () => Date.now(), monotonicNow = () => performance.now()) {
  let seen: { ref: string; age: number; at: number } | null = null
  return {
    ageOf(saved: SavedLead): number {
      if (seen?.ref !== saved.lead.ref)
        seen = { ref: saved.lead.ref, age: Math.max(0, wallNow() - saved.savedAt), at: monotonicNow() }
      return seen.age + (monotonicNow() - seen.at)
    },
    forget() {
      seen = null
    },
  }
}
