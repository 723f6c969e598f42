/*
 * The Leads view's words for how and when the owner was told of each request (the visitor's browser's e-mail,
 * the host's own e-mail, a push) and when they called back; the requests still to call apart from the rest;
 * the median time to call; and, for each way of telling the owner the host lacks, what to add.
 */
import { toldOf, type Channels } from "../../lib/estimate/inbox-contract"
import type { LeadRow } from "./rows"

/** "3:05 PM" on the day the request came, "Nov 28, 3:05 PM" on a later one, on the owner's own clock. */
export function clock(at: string, receivedAt: string): string {
  const time = new Date(at)
  const sameDay = time.toDateString() === new Date(receivedAt).toDateString()
  return time.toLocaleString("en-US", sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" })
}

/** "Told: e-mail from the visitor's browser 3:05 PM · host e-mail 3:08 PM", or "Not told yet" and why. */
export function toldLine(row: LeadRow): string {
  const told = toldOf(row)
  const ways = [
    told.browserEmail && `e-mail from the visitor's browser ${clock(told.browserEmail, row.received_at)}`,
    told.hostEmail && `host e-mail ${clock(told.hostEmail, row.received_at)}`,
    told.push && `push ${clock(told.push, row.received_at)}`,
  ].filter(Boolean)
  if (ways.length > 0) return `Told: ${ways.join(" · ")}`
  return `Not told yet${row.host_email_note ? ` (the host's e-mail failed: ${row.host_email_note})` : ""}`
}

export const calledLine = (row: LeadRow) => (row.called_at ? `Called ${clock(row.called_at, row.received_at)}` : "")

/** A person's request the owner has not called back: the ones the badge counts. */
export const toCall = (row: LeadRow) => !row.called_at && row.spam !== "bot"

/** The requests still to call, and the rest (called, or a bot's), each newest first. */
export function byCall(rows: LeadRow[]) {
  const newestFirst = [...rows].sort((a, b) => Date.parse(b.received_at) - Date.parse(a.received_at))
  return { toCall: newestFirst.filter(toCall), rest: newestFirst.filter(row => !toCall(row)) }
}

const duration = (minutes: number) => {
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`
  const hours = Math.floor(minutes / 60)
  return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`
}

export const medianLine = (minutes: number | null) =>
  minutes === null
    ? "No request of the last 90 days is marked called yet: press Called once you have called someone back."
    : `From request to your call: ${duration(minutes)} (the median over the last 90 days).`

/** A sentence for each way of telling the owner that is missing or failing, and where docs/ says how to add it. */
export function channelNotes(channels: Channels): string[] {
  const notes: string[] = []
  if (!channels.hostEmail)
    notes.push(
      "The host's own e-mail is not set up: when a visitor's browser cannot send the e-mail, nothing e-mails you. Add Email Routing and the OWNER_EMAIL binding as docs/deploying.md › Email Routing says.",
    )
  else if (channels.hostEmailError)
    notes.push(
      `The host's own e-mail is failing (${channels.hostEmailError}): check Email Routing and your verified address as docs/deploying.md › Email Routing says.`,
    )
  if (!channels.push)
    notes.push(
      "Push notifications are not set up: your phone is not told of new requests. Add the push keys (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY) as docs/deploying.md › Push notifications says.",
    )
  return notes
}
