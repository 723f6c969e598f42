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
}

/** The Leads API's answer (GET /api/leads): the requests newest first, and their counts by month and by page. */
export interface LeadsAnswer {
  leads: StoredRequest[]
  byMonth: { month: string; requests: number }[]
  byPage: { page: string; requests: number }[]
}

/** The Leads API's words when the host has no database bound: the owner is signed in, and no inbox is kept. */
export const NO_INBOX = "This site keeps no inbox: no database is bound to it."
