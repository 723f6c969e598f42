/**
 * The outbox: an estimate request that could not go out yet, kept in localStorage (outbox-storage.ts) so
 * that it survives a closed tab. It leaves storage only once the mail service has accepted it: while a tab
 * sends it, it is marked as being sent; after a transient failure (no network, no answer in time, a 429 or
 * a 5xx) it is put back and sent again when the browser comes back online while a page of the site is open,
 * or on the visitor's next page view, until it is OUTBOX_MAX_AGE_MS old, when it is dropped instead: the
 * business would call about a request the visitor may have forgotten. The age is checked on every path.
 * One tab sends at a time: the Web Locks API where the browser has it, the mark as a lease where it does not.
 * The visitor's slot keeps one request, the latest; the owner's e-mail of a request the inbox holds waits in a
 * slot of its own (EMAIL_RETRY_KEY), sent with it and told nothing of.
 *
 * Its state is shared by the form that kept the request (its "owner", which shows the notices while it is
 * on the page) and the site-wide notice in the layout, which shows them on every other page.
 */
import type { Lead } from "../../lib/estimate/lead"
import {
  createAgeClock,
  EMAIL_RETRY_KEY,
  OUTBOX_KEY,
  OUTBOX_MAX_AGE_MS,
  readSaved,
  replaceSaved,
  writeSaved,
  type OutboxMachine,
  type OutboxSlot,
  type OutboxState,
  type SavedLead,
} from "./outbox-storage"

export {
  EMAIL_RETRY_KEY,
  OUTBOX_KEY,
  OUTBOX_MAX_AGE_DAYS,
  OUTBOX_MAX_AGE_MS,
  readSaved,
  type SavedLead,
} from "./outbox-storage"

export type { OutboxMachine, OutboxState, OutboxStatus } from "./outbox-storage"

const EMPTY: OutboxState = { status: "empty" }
// Tells this tab's mark of a send from another tab's, for the lease.
const tab = Math.random().toString(36).slice(2)
const ages = createAgeClock()
// The owner's e-mail retry has its own request, so its own clock: one clock follows one request at a time.
const retryAges = createAgeClock()

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

/**
 * Drops the owner's e-mail retry past its age, without a word: the visitor was told it was received, and the
 * host's own e-mail told the owner of it (worker/notify/host-email.ts). True when it did.
 */
function dropRetryIfStale(saved: SavedLead): boolean {
  if (retryAges.ageOf(saved) <= OUTBOX_MAX_AGE_MS) return false
  replaceSaved(saved.lead.ref, null, EMAIL_RETRY_KEY)
  return true
}

/** Saved "in the future": the clock was set back since. Counted from now, so that it still expires. */
function restartFutureAge(saved: SavedLead, slot: OutboxSlot) {
  if (saved.savedAt > Date.now()) replaceSaved(saved.lead.ref, { ...saved, savedAt: Date.now() }, slot)
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
  const retry = readSaved(EMAIL_RETRY_KEY)
  const retryLeft = retry !== null && !dropRetryIfStale(retry)
  if (retryLeft) restartFutureAge(retry, EMAIL_RETRY_KEY)
  if (saved && !expireIfStale(saved)) {
    restartFutureAge(saved, OUTBOX_KEY)
    update({ status: "waiting", saved, owner: null })
  } else if (!retryLeft) return
  if (navigator.onLine) void sendSaved()
}

/**
 * Keeps a request that found no network, or (`stored`) one the site's inbox took whose e-mail did not go out, in
 * a slot of its own and without a word to the visitor, who has been told it was received; false when the device
 * cannot store it.
 */
export function keepForLater(lead: Lead, businessName: string, owner: string, { stored = false } = {}): boolean {
  if (stored) {
    const retry: SavedLead = { lead, businessName, savedAt: Date.now(), reason: "service", stored }
    if (!writeSaved(retry, EMAIL_RETRY_KEY)) return false
    listen()
    retryAges.ageOf(retry)
    return true
  }
  const saved: SavedLead = { lead, businessName, savedAt: Date.now(), reason: "offline" }
  if (!writeSaved(saved)) return false
  listen()
  ages.ageOf(saved)
  update({ status: "waiting", saved, owner })
  return true
}

const machine: OutboxMachine = { tab, state: () => state, update, expireIfStale, dropRetryIfStale }

let inFlight = false
/** Sends the kept request, if there is one and no tab is sending it already. */
export async function sendSaved(): Promise<void> {
  if (inFlight) return
  inFlight = true
  try {
    // The sending half arrives with the send code; if it cannot load, nothing has been marked: it waits.
    const { sendKeptOnce } = await import(/* webpackChunkName: "estimate-send" */ "./outbox-send")
    await sendKeptOnce(machine)
  } catch (error) {
    console.warn(error)
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
  retryAges.forget()
  listeners.clear()
}
