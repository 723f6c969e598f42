/**
 * The outbox: an estimate request that could not go out for lack of a network, kept in localStorage so
 * that it survives a closed tab. It is sent when the browser comes back online while a page of the site
 * is open, or on the visitor's next page view; it is taken out of storage before it is sent, so no second
 * tab or second event sends it again, and put back only when the send fails for lack of a network. A
 * request older than OUTBOX_MAX_AGE_MS is dropped instead: the business would call about a request the
 * visitor may have forgotten. One request is kept at a time, the latest.
 *
 * Its state is shared by the form that kept the request (its "owner", which shows the notices while it is
 * on the page) and the site-wide notice in the layout, which shows them on every other page.
 */
import { reportConversion } from "./conversion"
import type { Lead } from "./lead"
import { whyUnreachable } from "./reachability"

export const OUTBOX_KEY = "estimate-outbox"
export const OUTBOX_MAX_AGE_DAYS = 3
export const OUTBOX_MAX_AGE_MS = OUTBOX_MAX_AGE_DAYS * 24 * 60 * 60 * 1000

export interface SavedLead {
  lead: Lead
  businessName: string
  /** Epoch milliseconds. */
  savedAt: number
}

export type OutboxStatus = "waiting" | "sending" | "sent" | "failed" | "blocked" | "expired"

export type OutboxState = { status: "empty" } | { status: OutboxStatus; saved: SavedLead; owner: string | null }

const EMPTY: OutboxState = { status: "empty" }

// Storage can be missing or throw (private modes, blocked cookies, a full quota).
const storage = (): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

const isText = (value: unknown): value is string => typeof value === "string"

/** The kept request, or null when there is none or what is stored is not one. */
export function readSaved(): SavedLead | null {
  try {
    const raw = storage()?.getItem(OUTBOX_KEY)
    if (!raw) return null
    const saved = JSON.parse(raw) as Partial<SavedLead>
    const lead = (saved.lead ?? {}) as Partial<Lead>
    const fields = [lead.name, lead.phone, lead.pageTitle, lead.pagePath, lead.sentAt, saved.businessName]
    if (!fields.every(isText) || typeof saved.savedAt !== "number") return null
    return saved as SavedLead
  } catch {
    return null
  }
}

/** Stores the request, or removes it with null; false when the device would not keep it. */
function writeSaved(saved: SavedLead | null): boolean {
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

let state: OutboxState = EMPTY
const listeners = new Set<() => void>()

function update(next: OutboxState) {
  state = next
  listeners.forEach(listener => listener())
}

const ownerNow = () => (state.status === "empty" ? null : state.owner)

/** For useSyncExternalStore. */
export const outboxStore = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  getSnapshot: (): OutboxState => state,
  getServerSnapshot: (): OutboxState => EMPTY,
}

let listening = false
function listenForConnection() {
  if (listening) return
  listening = true
  window.addEventListener("online", () => void sendSaved())
}

let started = false
/**
 * Runs on every page view and acts once per window: drops a stale request, sends a kept one when the
 * browser is online, and from then on sends on the `online` event.
 */
export function startOutbox(now: number = Date.now()) {
  if (started) return
  started = true
  listenForConnection()
  const saved = readSaved()
  if (!saved) return
  if (now - saved.savedAt > OUTBOX_MAX_AGE_MS) {
    writeSaved(null)
    update({ status: "expired", saved, owner: null })
    return
  }
  update({ status: "waiting", saved, owner: null })
  if (navigator.onLine) void sendSaved()
}

/** Keeps a request that found no network; false when the device cannot store it. */
export function keepForLater(lead: Lead, businessName: string, owner: string): boolean {
  const saved: SavedLead = { lead, businessName, savedAt: Date.now() }
  if (!writeSaved(saved)) return false
  listenForConnection()
  update({ status: "waiting", saved, owner })
  return true
}

// SendError (in the lazily loaded send module) carries its kind; anything else here is the send
// module failing to load, which is a missing network too.
const failureOf = (error: unknown): string => {
  const failure = (error as { failure?: unknown } | null)?.failure
  return typeof failure === "string" ? failure : "network"
}

/** Sends the kept request, if there is one and it is not already going out. */
export async function sendSaved(): Promise<void> {
  if (state.status === "sending") return
  const saved = readSaved()
  if (!saved) {
    // Sent or cancelled in another tab.
    if (state.status === "waiting") update(EMPTY)
    return
  }
  writeSaved(null)
  update({ status: "sending", saved, owner: ownerNow() })
  try {
    const { sendLead } = await import(/* webpackChunkName: "estimate-send" */ "./send")
    await sendLead(saved.lead, saved.businessName, { deliveredLate: new Date() })
    reportConversion()
    update({ status: "sent", saved, owner: ownerNow() })
  } catch (error) {
    if (failureOf(error) === "network" && (await whyUnreachable()) === "offline") {
      // Still no network: kept for the next `online` event or page view.
      console.warn(error)
      writeSaved(saved)
      update({ status: "waiting", saved, owner: ownerNow() })
    } else if (failureOf(error) === "network") {
      // Online, but the mail service is blocked from this browser: trying on every page view would not send it.
      console.error(error)
      update({ status: "blocked", saved, owner: ownerNow() })
    } else {
      console.error(error)
      update({ status: "failed", saved, owner: ownerNow() })
    }
  }
}

/** The visitor no longer wants it sent. Returns the request, so the form can give the values back. */
export function cancelSaved(): SavedLead | null {
  if (state.status !== "waiting") return null
  const { saved } = state
  writeSaved(null)
  update(EMPTY)
  return saved
}

/** Clears a notice about a request that is no longer kept (sent, failed, blocked or expired). */
export function dismissOutboxNotice() {
  if (state.status === "sent" || state.status === "failed" || state.status === "blocked" || state.status === "expired")
    update(EMPTY)
}

/** A form that leaves the page hands its notices over to the layout's. */
export function releaseOutbox(owner: string) {
  if (state.status !== "empty" && state.owner === owner) update({ ...state, owner: null })
}

/** Tests only: forget the state of the previous test. */
export function resetOutboxForTests() {
  state = EMPTY
  started = false
  listeners.clear()
}
