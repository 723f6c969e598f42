/**
 * The sending half of the outbox (outbox.ts), loaded with the send code when a kept request is to go out
 * through the form's one delivery path (deliver.ts): one tab at a time, the request marked as being sent while
 * it goes, removed only once the mail service has accepted it or refused it for good, put back after a
 * failure that is not final.
 */
import { reportConversion } from "./conversion"
import { EMAIL_RETRY_KEY, OUTBOX_KEY, readSaved, replaceSaved, writeSaved } from "./outbox-storage"
import type { OutboxMachine, OutboxSlot, SavedLead } from "./outbox-storage"
import { whyUnreachable } from "./reachability"
import { deliverLead } from "./deliver"
import { SEND_TIMEOUT_MS } from "../../lib/estimate/send-timing"

const LOCK_NAME = "estimate-outbox"
/** How long a mark of a send in progress holds off other tabs: a whole send, with room to spare. */
export const LEASE_MS = SEND_TIMEOUT_MS + 5_000

/** Another tab marked the request as being sent, within the lease. A mark from the future is a moved clock's: void. */
export function leasedByOther(saved: SavedLead, tab: string, now: number = Date.now()): boolean {
  if (saved.sendingSince === undefined || saved.sender === tab) return false
  const age = now - saved.sendingSince
  return age >= 0 && age < LEASE_MS
}

/** The request without its mark of a send in progress. */
export const unmarked = ({ sendingSince: _since, sender: _sender, ...saved }: SavedLead): SavedLead => saved

/** Runs `send` while no other tab of the site sends: false when another one holds the lock. */
async function exclusively(send: (locked: boolean) => Promise<void>): Promise<void> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks
  if (!locks) return send(false)
  await locks.request(LOCK_NAME, { ifAvailable: true }, lock => (lock ? send(true) : undefined))
}

/**
 * Sends the slot's request. The visitor's own (OUTBOX_KEY) is told in the outbox's state; the owner's e-mail of a
 * request the inbox holds (EMAIL_RETRY_KEY) goes without a word, and past its age it is dropped without one too:
 * the host's own e-mail tells the owner of it (worker/notify/host-email.ts).
 */
async function sendKept(machine: OutboxMachine, locked: boolean, slot: OutboxSlot) {
  const { tab } = machine
  const visible = slot === OUTBOX_KEY
  const update: OutboxMachine["update"] = next => visible && machine.update(next)
  const ownerNow = () => {
    const state = machine.state()
    return state.status === "empty" ? null : state.owner
  }
  const saved = readSaved(slot)
  if (!saved) {
    // Sent or cancelled in another tab.
    if (visible && machine.state().status === "waiting") update({ status: "empty" })
    return
  }
  if (!locked && leasedByOther(saved, tab)) return
  if (visible ? machine.expireIfStale(saved) : machine.dropRetryIfStale(saved)) return
  const { ref } = saved.lead
  writeSaved({ ...unmarked(saved), sendingSince: Date.now(), sender: tab }, slot)
  // Without a lock, two tabs can mark it at once: the last mark wins, the other tab steps back.
  if (!locked && readSaved(slot)?.sender !== tab) return
  update({ status: "sending", saved, owner: ownerNow() })
  const delivery = await deliverLead(saved.lead, saved.businessName, {
    deliveredLate: new Date(),
    stored: saved.stored,
  })
  if (delivery.outcome !== "failed") {
    replaceSaved(ref, null, slot)
    // The inbox has it and the e-mail is still to go: the owner's retry, in its own slot.
    if (delivery.outcome === "stored" && delivery.retry)
      writeSaved({ ...unmarked(saved), reason: "service", stored: true }, EMAIL_RETRY_KEY)
    if (!saved.stored) reportConversion()
    // Told once: received, when the inbox or the mail service has it (a request the inbox had is told nothing).
    update({ status: "sent", saved, owner: ownerNow() })
    return
  }
  const { error } = delivery
  const { failure } = error
  if (failure === "refused" || (failure === "network" && (await whyUnreachable()) === "blocked")) {
    // Refused, or online with the mail service blocked from this browser: no later try would send it.
    console.error(error)
    replaceSaved(ref, null, slot)
    update({ status: failure === "refused" ? "failed" : "blocked", saved, owner: ownerNow() })
    return
  }
  // No network, no answer in time, a 429 or a 5xx: put back for the next `online` event or page view.
  console.warn(error)
  const back: SavedLead = { ...unmarked(saved), reason: failure === "network" ? "offline" : "service" }
  replaceSaved(ref, back, slot)
  update({ status: "waiting", saved: back, owner: ownerNow() })
}

/** Sends the kept requests, the visitor's first, under the lock, if another tab does not hold it. */
export const sendKeptOnce = (machine: OutboxMachine) =>
  exclusively(async locked => {
    await sendKept(machine, locked, OUTBOX_KEY)
    await sendKept(machine, locked, EMAIL_RETRY_KEY)
  })
