/**
 * The browser's side of the site's own inbox (worker/inbox/requests.ts): a request is posted there before the
 * mail service is asked, and the mail service's answer and the follow-up details are recorded on it after.
 * Every call here settles without throwing: where no inbox answers (a host without the database, a plain CDN,
 * a refusal) the form goes on by e-mail alone, exactly as it did before the inbox. Each call is `keepalive`, so
 * a tab closed at once still delivers it.
 */
import type { FollowUpAnswers } from "../../lib/estimate/follow-up"
import type { HoneypotVerdict } from "../../lib/estimate/honeypot"
import { INBOX_PATH, INBOX_TIMEOUT_MS, type InboxReceipt } from "../../lib/estimate/inbox-contract"
import type { LeadPost, LeadUpdate } from "../../lib/estimate/inbox-schemas"
import type { Lead } from "../../lib/estimate/lead"

export const inboxBody = (lead: Lead, spam?: HoneypotVerdict): LeadPost => ({
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

const update = async ({ ref, secret }: LeadIds, body: Omit<LeadUpdate, "secret">): Promise<boolean> =>
  (await call(`${INBOX_PATH}/${ref}`, "PATCH", { ...body, secret }))?.ok ?? false

/** Records on the stored request whether the owner's e-mail went out, and if not, why. */
export const recordEmail = (lead: LeadIds, email: "sent" | "failed", note?: string) =>
  update(lead, note ? { email, note: note.slice(0, 300) } : { email })

/** Records the follow-up details on the stored request. */
export const recordDetails = (lead: LeadIds, { project, size, when }: FollowUpAnswers) =>
  update(lead, { project, size, when })
