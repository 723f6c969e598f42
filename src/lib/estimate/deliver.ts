/**
 * The one delivery path of an estimate request, for the form and the outbox alike: the site's own inbox first
 * (inbox.ts), then the owner's e-mail through EmailJS from the browser as before (send.ts), then the e-mail's
 * outcome recorded on the stored request. Here alone is decided what a failure of the mail service means.
 *
 * - The inbox has it and says the host's own e-mail told the owner already (a request kept on the device, sent
 *   after the host's Cron Trigger e-mailed it): it is delivered, and EmailJS is not asked for a second e-mail.
 * - The inbox has it: the request is received, whatever the mail service says. A failure no wait can change
 *   (a wrong id or key, the e-mail account's lapsed link) is final; every other one (no network, blocked from
 *   this browser, no answer in time, a 5xx, a 429, a quota's 402 or 426) is tried again later.
 * - No inbox took it (a host without the database, a plain CDN): the SendError is thrown, and the caller
 *   handles it exactly as the form did before the inbox.
 */
import { recordEmail, storeInInbox } from "./inbox"
import type { Lead } from "./lead"
import { classifyFailure, describe, sendLead, SendError, type SendOptions } from "./send"

export type Delivery = { emailed: true } | { emailed: false; retry: boolean }

/** EmailJS's answers when the account's monthly quota is used up: the next month, or a larger plan, sends. */
const QUOTA_STATUSES = [402, 426]

const statusOf = (error: unknown): number | undefined => {
  const original = error instanceof SendError ? error.original : error
  const status = (original as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}

/** Whether a failure of the mail service, with the request in the inbox, ends the e-mail's tries. */
export function isFinal(error: unknown): boolean {
  if (classifyFailure(error) !== "refused") return false
  const status = statusOf(error)
  return status === undefined || !QUOTA_STATUSES.includes(status)
}

const noteOf = (error: unknown) =>
  error instanceof SendError ? `${error.failure}: ${describe(error.original)}` : describe(error)

/**
 * Delivers a lead: stored, then e-mailed. Throws a SendError only when no inbox has it (`stored`: it took it on
 * an earlier try) and the e-mail failed.
 */
export async function deliverLead(
  lead: Lead,
  businessName: string,
  { deliveredLate, stored = false }: Pick<SendOptions, "deliveredLate"> & { stored?: boolean } = {},
): Promise<Delivery> {
  // Posted again when the inbox had it already (`stored`): the same row, with the same secret.
  const receipt = await storeInInbox(lead)
  if (receipt.stored && receipt.told) return { emailed: true }
  try {
    await sendLead(lead, businessName, { deliveredLate })
  } catch (error) {
    if (!receipt.stored && !stored) throw error
    console.warn(error)
    void recordEmail(lead, "failed", noteOf(error))
    return { emailed: false, retry: !isFinal(error) }
  }
  if (receipt.stored || stored) void recordEmail(lead, "sent")
  return { emailed: true }
}
