/*
 * A request as the site's inbox keeps it: the row the host writes (migrations/, worker/inbox/) and the
 * owner's Leads view reads (src/admin/leads/). Types and words only, so the view's script carries no schema.
 */
import type { HoneypotVerdict } from "./honeypot"

/** A request as the inbox stores it (migrations/, worker/inbox/store.ts) and the Leads API answers it. */
export interface StoredRequest {
  ref: string
  received_at: string
  updated_at: string
  sent_at: string
  page_title: string
  page_path: string
  name: string
  phone: string
  project: string | null
  size: string | null
  timing: string | null
  spam: HoneypotVerdict
  email: "pending" | "sent" | "failed"
  email_note: string | null
  email_at: string | null
  /** The host's own e-mail (worker/notify/host-email.ts): when it went out, its tries, the next and the last error. */
  host_email_at: string | null
  host_email_tries: number
  host_email_next_at: string | null
  host_email_note: string | null
  /** When a push about it reached the push service for one of the owner's devices. */
  pushed_at: string | null
  /** When the owner marked it called (the Leads view's Called), and when the one reminder push went out. */
  called_at: string | null
  reminded_at: string | null
}

/** Which of the host's ways of telling the owner are set up (docs/deploying.md says how to add each). */
export interface Channels {
  /** The push keys, VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (docs/deploying.md › Push notifications). */
  push: boolean
  /** The OWNER_EMAIL binding of Email Routing (docs/deploying.md › Email Routing). */
  hostEmail: boolean
  /** The last error of the host's e-mail for a request it has not sent yet: Email Routing refusing, say. */
  hostEmailError: string | null
}

/** A page of the requests, newest first, and the cursor of the next page (null on the last). */
export interface LeadsPage {
  leads: StoredRequest[]
  next: string | null
}

/**
 * The Leads API's first page (GET /api/leads), with what it counts over all the requests: in all, still to call
 * and not e-mailed, by month and by page (the BY_PAGE_LIMIT busiest); which ways of telling the owner are set
 * up, and the median minutes from a request to the owner's call over the last 90 days (null when none was
 * called). An older page (?before=) and one request (?ref=) are a LeadsPage alone.
 */
export interface LeadsAnswer extends LeadsPage {
  counts: { total: number; toCall: number; notEmailed: number }
  byMonth: { month: string; requests: number }[]
  byPage: { page: string; requests: number }[]
  channels: Channels
  medianMinutesToCall: number | null
}

/** Requests on one page of the Leads view; the next page comes on request. */
export const LEADS_PAGE = 50

/** The pages the counts by page name at most, the busiest first: a flood's made-up paths cannot swell the answer. */
export const BY_PAGE_LIMIT = 30

/** The days the median time to call looks back over. */
export const MEDIAN_DAYS = 90

/** When the owner was told of a request, by each way; null where that way did not tell them. */
export const toldOf = (row: Pick<StoredRequest, "email" | "email_at" | "host_email_at" | "pushed_at">) => ({
  browserEmail: row.email === "sent" ? row.email_at : null,
  hostEmail: row.host_email_at,
  push: row.pushed_at,
})

/** The Leads API's words when the host has no database bound: the owner is signed in, and no inbox is kept. */
export const NO_INBOX = "This site keeps no inbox: no database is bound to it."
