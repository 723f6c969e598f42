/**
 * Where the outbox keeps its one request: localStorage, shared by every tab of the site. The request stays
 * there until the mail service accepts it; while a tab sends it, it is marked with the time (sendingSince),
 * and that mark is a lease other tabs respect when the browser has no Web Locks.
 */
import { browserStorage } from "./browser-storage"
import { isIsoTime, type Lead } from "../../lib/estimate/lead"
import { isReference, isSecret, makeSecret } from "../../lib/estimate/reference"

export const OUTBOX_KEY = "estimate-outbox"
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
}

const storage = () => browserStorage("localStorage")

const isText = (value: unknown): value is string => typeof value === "string"

/** The kept request, or null when there is none or what is stored is not one. */
export function readSaved(): SavedLead | null {
  try {
    const raw = storage()?.getItem(OUTBOX_KEY)
    if (!raw) return null
    const saved = JSON.parse(raw) as Partial<SavedLead>
    const lead = (saved.lead ?? {}) as Partial<Lead>
    const fields = [lead.name, lead.phone, lead.pageTitle, lead.pagePath, lead.sentAt, saved.businessName]
    if (!fields.every(isText) || !isReference(lead.ref) || typeof saved.savedAt !== "number") return null
    if (isSecret(lead.secret) && isIsoTime(lead.sentAt)) return saved as SavedLead
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
    writeSaved(mended)
    return mended
  } catch {
    return null
  }
}

/** Stores the request, or removes it with null; false when the device would not keep it. */
export function writeSaved(saved: SavedLead | null): boolean {
  try {
    const store = storage()
    if (!store) return false
    if (saved) store.setItem(OUTBOX_KEY, JSON.stringify(saved))
    else store.removeItem(OUTBOX_KEY)
    return true
  } catch {
    return false
  }
}

/** Replaces the kept request only if it is still the one with this reference (the visitor may have sent another). */
export function replaceSaved(ref: string, next: SavedLead | null): void {
  const current = readSaved()
  if (!current || current.lead.ref === ref) writeSaved(next)
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
