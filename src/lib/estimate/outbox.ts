/**
 * The outbox: an estimate request that could not go out yet, kept in localStorage (outbox-storage.ts) so
 * that it survives a closed tab. It leaves storage only once the mail service has accepted it: while a tab
 * sends it, it is marked as being sent; after a transient failure (no network, no answer in time, a 429 or
 * a 5xx) it is put back and sent again when the browser comes back online while a page of the site is open,
 * or on the visitor's next page view, until it is OUTBOX_MAX_AGE_MS old, when it is dropped instead: the
 * business would call about a request the visitor may have forgotten. The age is checked on every path.
 * One tab sends at a time: the Web Locks API where the browser has it, the mark as a lease where it does not.
 * One request is kept at a time, the latest.
 *
 * Its state is shared by the form that kept the request (its "owner", which shows the notices while it is
 * on the page) and the site-wide notice in the layout, which shows them on every other page.
 */
import { reportConversion } from "./conversion"
import type { Lead } from "./lead"
import {
  createAgeClock,
  leasedByOther,
  OUTBOX_KEY,
  OUTBOX_MAX_AGE_MS,
  readSaved,
  replaceSaved,
  unmarked,
  writeSaved,
  type SavedLead,
} from "./outbox-storage"
import { whyUnreachable } from "./reachability"

export { OUTBOX_KEY, OUTBOX_MAX_AGE_DAYS, OUTBOX_MAX_AGE_MS, readSaved, type SavedLead } from "./outbox-storage"

export type OutboxStatus = "waiting" | "sending" | "sent" | "failed" | "blocked" | "expired"

export type OutboxState = { status: "empty" } | { status: OutboxStatus; saved: SavedLead; owner: string | null }

const EMPTY: OutboxState = { status: "empty" }
const LOCK_NAME = "estimate-outbox"
// Tells this tab's mark of a send from another tab's, for the lease.
const tab = Math.random().toString(36).slice(2)
const ages = createAgeClock()

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
function listen() {
  if (listening) return
  listening = true
  window.addEventListener("online", () => void sendSaved())
  // Sent or cancelled in another tab: this one stops saying it waits.
  window.addEventListener("storage", event => {
    if ((event.key === OUTBOX_KEY || event.key === null) && state.status === "waiting" && !readSaved()) update(EMPTY)
  })
}

/** Drops a request past its age, saying so; true when it did. */
function expireIfStale(saved: SavedLead): boolean {
  if (ages.ageOf(saved) <= OUTBOX_MAX_AGE_MS) return false
  replaceSaved(saved.lead.ref, null)
  update({ status: "expired", saved, owner: ownerNow() })
  return true
}

let started = false
/**
 * Runs on every page view and acts once per window: drops a stale request, sends a kept one when the
 * browser is online, and from then on sends on the `online` event.
 */
export function startOutbox() {
  if (started) return
  started = true
  listen()
  const saved = readSaved()
  if (!saved || expireIfStale(saved)) return
  // Saved "in the future": the clock was set back since. Counted from now, so that it still expires.
  if (saved.savedAt > Date.now()) replaceSaved(saved.lead.ref, { ...saved, savedAt: Date.now() })
  update({ status: "waiting", saved, owner: null })
  if (navigator.onLine) void sendSaved()
}

/** Keeps a request that found no network; false when the device cannot store it. */
export function keepForLater(lead: Lead, businessName: string, owner: string): boolean {
  const saved: SavedLead = { lead, businessName, savedAt: Date.now(), reason: "offline" }
  if (!writeSaved(saved)) return false
  listen()
  ages.ageOf(saved)
  update({ status: "waiting", saved, owner })
  return true
}

// SendError (in the lazily loaded send module) carries its kind; anything else here is the send
// module failing to load, which is a missing network too.
const failureOf = (error: unknown): string => {
  const failure = (error as { failure?: unknown } | null)?.failure
  return typeof failure === "string" ? failure : "network"
}

/** Runs `send` while no other tab of the site sends: false when another one holds the lock. */
async function exclusively(send: (locked: boolean) => Promise<void>): Promise<void> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks
  if (!locks) return send(false)
  await locks.request(LOCK_NAME, { ifAvailable: true }, lock => (lock ? send(true) : undefined))
}

async function sendKept(locked: boolean) {
  const saved = readSaved()
  if (!saved) {
    // Sent or cancelled in another tab.
    if (state.status === "waiting") update(EMPTY)
    return
  }
  if ((!locked && leasedByOther(saved, tab)) || expireIfStale(saved)) return
  const { ref } = saved.lead
  writeSaved({ ...unmarked(saved), sendingSince: Date.now(), sender: tab })
  // Without a lock, two tabs can mark it at once: the last mark wins, the other tab steps back.
  if (!locked && readSaved()?.sender !== tab) return
  update({ status: "sending", saved, owner: ownerNow() })
  try {
    const { sendLead } = await import(/* webpackChunkName: "estimate-send" */ "./send")
    await sendLead(saved.lead, saved.businessName, { deliveredLate: new Date() })
    replaceSaved(ref, null)
    reportConversion()
    update({ status: "sent", saved, owner: ownerNow() })
  } catch (error) {
    const failure = failureOf(error)
    if (failure === "refused" || (failure === "network" && (await whyUnreachable()) === "blocked")) {
      // Refused, or online with the mail service blocked from this browser: no later try would send it.
      console.error(error)
      replaceSaved(ref, null)
      update({ status: failure === "refused" ? "failed" : "blocked", saved, owner: ownerNow() })
      return
    }
    // No network, no answer in time, a 429 or a 5xx: put back for the next `online` event or page view.
    console.warn(error)
    const back: SavedLead = { ...unmarked(saved), reason: failure === "network" ? "offline" : "service" }
    replaceSaved(ref, back)
    update({ status: "waiting", saved: back, owner: ownerNow() })
  }
}

let inFlight = false
/** Sends the kept request, if there is one and no tab is sending it already. */
export async function sendSaved(): Promise<void> {
  if (inFlight) return
  inFlight = true
  try {
    await exclusively(sendKept)
  } finally {
    inFlight = false
  }
}

/** The visitor no longer wants it sent. Returns the request, so the form can give the values back. */
export function cancelSaved(): SavedLead | null {
  if (state.status !== "waiting") return null
  const { saved } = state
  replaceSaved(saved.lead.ref, null)
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
  inFlight = false
  ages.forget()
  listeners.clear()
}
