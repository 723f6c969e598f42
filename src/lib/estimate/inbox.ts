/**
 * The browser's side of the site's own inbox (worker/inbox/requests.ts): a request is posted there before the
 * mail service is asked, and the mail service's answer and the follow-up details are recorded on it after.
 * Every call here settles without throwing: where no inbox answers (a host without the database, a plain CDN,
 * a refusal) the form goes on by e-mail alone, exactly as it did before the inbox. Each call is `keepalive`, so
 * a tab closed at once still delivers it.
 */
import type { FollowUpAnswers } from "./follow-up"
import type { HoneypotVerdict } from "./honeypot"
import type { InboxRequest, InboxUpdate } from "./inbox-request"
import type { Lead } from "./lead"

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

export const inboxBody = (lead: Lead, spam?: HoneypotVerdict): InboxRequest => ({
  ref: lead.ref,
  secret: lead.secret,
  name: lead.name,
  phone: lead.phone,
  pageTitle: lead.pageTitle,
  pagePath: lead.pagePath,
  sentAt: lead.sentAt,
  spam: spam ?? (lead.possibleSpam ? "possible-spam" : "empty"),
})

async function call(path: string, method: string, body: unknown): Promise<Response | null> {
  // A controller and a timer rather than AbortSignal.timeout, which older Safari lacks.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), INBOX_TIMEOUT_MS)
  try {
    return await fetch(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
      signal: controller.signal,
    })
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

/** Stores the request in the inbox; `{ stored: false }` when no inbox took it, whatever the reason. */
export async function storeInInbox(lead: Lead, spam?: HoneypotVerdict): Promise<InboxReceipt> {
  const response = await call(INBOX_PATH, "POST", inboxBody(lead, spam))
  if (!response?.ok) return { stored: false }
  try {
    const answer = (await response.json()) as { stored?: unknown; told?: unknown }
    if (answer.stored !== true) return { stored: false }
    return { stored: true, told: answer.told === true }
  } catch {
    return { stored: false }
  }
}

/** The request's reference and secret: the inbox changes a stored request only for the secret it was stored with. */
type LeadIds = Pick<Lead, "ref" | "secret">

const update = async ({ ref, secret }: LeadIds, body: Omit<InboxUpdate, "secret">): Promise<boolean> =>
  (await call(`${INBOX_PATH}/${ref}`, "PATCH", { ...body, secret }))?.ok ?? false

/** Records on the stored request whether the owner's e-mail went out, and if not, why. */
export const recordEmail = (lead: LeadIds, email: "sent" | "failed", note?: string) =>
  update(lead, note ? { email, note: note.slice(0, 300) } : { email })

/** Records the follow-up details on the stored request. */
export const recordDetails = (lead: LeadIds, { project, size, when }: FollowUpAnswers) =>
  update(lead, { project, size, when })
