/*
 * The contract between the site's inbox on the host (worker/) and the browsers that use it (the estimate form,
 * src/browser/estimate/inbox.ts; the owner's Leads view, src/admin/leads/): the paths, the stored request as the
 * host keeps and the Leads API answers it, each answer's shape and the codes of its refusals. Types, constants
 * and small functions only, so every page and the Leads view's script can import it whole; the checks of a
 * posted body, which need yup, are beside it in inbox-schemas.ts.
 *
 * One word for one thing: a lead is one estimate request, from the form's Lead (lead.ts) through what it posts
 * (LeadPost, LeadUpdate) to the row of the table `leads` (StoredLead) and the owner's Leads view (LeadRow). The
 * visitor reads "estimate request", and the form's address stays /api/requests, which pages already served post to.
 */
import type { HoneypotVerdict } from "./honeypot"

/** Where the form posts a request (POST) and records the e-mail's outcome and the follow-up (PATCH <ref>). */
export const INBOX_PATH = "/api/requests"

/** Where the form posts itself when the page's code does not run (worker/inbox/form-post.ts). */
export const INBOX_FORM_PATH = `${INBOX_PATH}/form`

/** How many months the inbox keeps a request unless the host's LEADS_RETENTION_MONTHS says otherwise. */
export const LEADS_RETENTION_MONTHS_DEFAULT = 24

/** The retention the host may be set to, in whole months. */
export const LEADS_RETENTION_MONTHS_RANGE = { min: 1, max: 120 } as const

/**
 * The retention in months from the LEADS_RETENTION_MONTHS setting (wrangler.jsonc's vars, which both the Worker
 * and the privacy page read): the default when unset, else a whole number within the range; anything else throws
 * an Error in words, which the Worker answers with and the build stops on.
 */
export function retentionMonths(setting: unknown): number {
  if (setting === undefined || setting === null) return LEADS_RETENTION_MONTHS_DEFAULT
  const text = String(setting).trim()
  const months = Number(text)
  const { min, max } = LEADS_RETENTION_MONTHS_RANGE
  if (!/^\d+$/.test(text) || months < min || months > max)
    throw new Error(
      `LEADS_RETENTION_MONTHS is "${text.slice(0, 20)}"; it must be a whole number of months from ${min} to ${max} (wrangler.jsonc, docs/deploying.md).`,
    )
  return months
}

/** The inbox answers within this or counts as absent, so a hanging host never holds the e-mail back for long. */
export const INBOX_TIMEOUT_MS = 5_000

/**
 * stored: the business has it. told: the host's own e-mail has already told the owner of this one
 * (worker/notify/host-email.ts), so the browser sends none: the owner gets one e-mail per request. The inbox
 * says nothing of any other request.
 */
export type InboxReceipt = { stored: true; told: boolean } | { stored: false }

/** The owner's Leads API: GET the list, PATCH <ref> marks one called, DELETE <ref> forgets it. */
export const LEADS_PATH = "/api/leads"

/** The public key a device subscribes to pushes with (GET), and the owner's devices (POST keeps, DELETE forgets). */
export const PUSH_KEY_PATH = "/api/push/key"
export const PUSH_SUBSCRIPTIONS_PATH = "/api/push/subscriptions"

/**
 * What a refusal of the host's is about, one code each, so a browser acts on the code and never compares words.
 * The answer's `message` says it in words for the owner's screen, the browser's console and the host's logs.
 */
export const ERROR_CODES = [
  /** No database is bound to the site: the owner is signed in, and no inbox is kept (503). */
  "NO_INBOX",
  /** The database failed or the handler threw: the form goes on by e-mail (503). */
  "UNAVAILABLE",
  /** A post or update from a page of another site, or with no Origin at all (403). */
  "OTHER_ORIGIN",
  /** Not sent as JSON, not valid JSON, or larger than an estimate request needs (400, 413). */
  "NOT_JSON",
  "TOO_LARGE",
  /** Valid JSON the handler cannot take: a missing, unknown or malformed field (400). */
  "INVALID",
  /** No request (or device) by that reference, or not for that secret (404). */
  "NOT_FOUND",
  /** Over the posts one network may make in an hour, or the site's in a day (429). */
  "SENDER_LIMIT",
  "SITE_LIMIT",
  /** The owner's sign-in: none sent, one GitHub refuses, one without push access to the repository (401, 403). */
  "SIGN_IN_NEEDED",
  "SIGN_IN_REFUSED",
  "NOT_THE_OWNER",
  /** GitHub failed, limited or did not answer, so the sign-in could not be checked (503). */
  "GITHUB_UNAVAILABLE",
  /** A host setting is missing or out of range: GITHUB_REPO, LEADS_RETENTION_MONTHS (503). */
  "SETTING",
  /** No push keys yet, or the device list is full (503, 409). */
  "NO_PUSH_KEYS",
  "TOO_MANY_DEVICES",
  /** The address does not take that method (405, with an Allow header). */
  "METHOD",
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Every refusal's body. */
export interface ErrorAnswer {
  error: ErrorCode
  message: string
}

/** The refusal in an answer's body, or null when the body is not one (a static host's 404 page, say). */
export async function errorOf(response: Response): Promise<ErrorAnswer | null> {
  try {
    const body = (await response.json()) as Partial<ErrorAnswer> | null
    const known = (ERROR_CODES as readonly unknown[]).includes(body?.error)
    return known && typeof body?.message === "string" ? (body as ErrorAnswer) : null
  } catch {
    return null
  }
}

/** A refusal's words for the owner's screen: its message, or its status where the body was none of the host's. */
export const wordsOf = async (response: Response): Promise<string> =>
  (await errorOf(response))?.message ?? `The host answered ${response.status} ${response.statusText}`.trim()

/** A request as the inbox stores it (migrations/, worker/inbox/store.ts) and the Leads API answers it. */
export interface StoredLead {
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
  leads: StoredLead[]
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
export const toldOf = (row: Pick<StoredLead, "email" | "email_at" | "host_email_at" | "pushed_at">) => ({
  browserEmail: row.email === "sent" ? row.email_at : null,
  hostEmail: row.host_email_at,
  push: row.pushed_at,
})
