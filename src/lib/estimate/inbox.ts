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

/** How many months the inbox keeps a request unless the host's LEADS_RETENTION_MONTHS says otherwise. */
export const LEADS_RETENTION_MONTHS_DEFAULT = 24

/** The inbox answers within this or counts as absent, so a hanging host never holds the e-mail back for long. */
export const INBOX_TIMEOUT_MS = 5_000

/**
 * stored: the business has it. notEmailed: earlier requests in the inbox whose e-mail has not gone out. told:
 * the host's own e-mail has already told the owner of this one (worker/notify/host-email.ts), so the browser
 * sends none: the owner gets one e-mail per request.
 */
export type InboxReceipt = { stored: true; notEmailed: number; told: boolean } | { stored: false }

export const inboxBody = (lead: Lead, spam?: HoneypotVerdict): InboxRequest => ({
  ref: lead.ref,
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
    const answer = (await response.json()) as { stored?: unknown; notEmailed?: unknown; told?: unknown }
    if (answer.stored !== true) return { stored: false }
    const notEmailed = typeof answer.notEmailed === "number" ? answer.notEmailed : 0
    return { stored: true, notEmailed, told: answer.told === true }
  } catch {
    return { stored: false }
  }
}

const update = async (ref: string, body: InboxUpdate): Promise<boolean> =>
  (await call(`${INBOX_PATH}/${ref}`, "PATCH", body))?.ok ?? false

/** Records on the stored request whether the owner's e-mail went out, and if not, why. */
export const recordEmail = (ref: string, email: "sent" | "failed", note?: string) =>
  update(ref, note ? { email, note: note.slice(0, 300) } : { email })

/** Records the follow-up details on the stored request. */
export const recordDetails = (ref: string, { project, size, when }: FollowUpAnswers) =>
  update(ref, { project, size, when })
