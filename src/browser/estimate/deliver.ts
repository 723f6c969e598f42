/**
 * The one delivery path of an estimate request, for the form and the outbox alike: the site's own inbox first
 * (inbox.ts), then the owner's e-mail through EmailJS from the browser as before (send.ts), then the e-mail's
 * outcome recorded on the stored request. Here alone is decided what a failure of the mail service means, and
 * the answer is always one outcome, never a throw:
 *
 * - emailed: the owner has it by e-mail; or the inbox has it and says the host's own e-mail told the owner
 *   already (a request kept on the device, sent after the host's Cron Trigger e-mailed it), so EmailJS is not
 *   asked for a second e-mail.
 * - stored: the inbox has it and the e-mail failed; the request is received whatever the mail service says. A
 *   failure no wait can change (a wrong id or key, the e-mail account's lapsed link) is final (retry: false);
 *   every other one (no network, blocked from this browser, no answer in time, a 5xx, a 429, a quota's 402 or
 *   426) is tried again later.
 * - failed: no inbox took it (a host without the database, a plain CDN) and the e-mail failed: the caller
 *   handles the SendError exactly as the form did before the inbox.
 */
import { recordEmail, storeInInbox } from "./inbox"
import type { Lead } from "../../lib/estimate/lead"
import { asSendError, describe, sendLead, SendError, type SendOptions } from "./send"

export type Delivery =
  { outcome: "emailed" } | { outcome: "stored"; retry: boolean } | { outcome: "failed"; error: SendError }

/** EmailJS's answers when the account's monthly quota is used up: the next month, or a larger plan, sends. */
const QUOTA_STATUSES = [402, 426]

/** Whether a failure of the mail service, with the request in the inbox, ends the e-mail's tries. */
export const isFinal = (error: SendError): boolean =>
  error.failure === "refused" && (error.status === undefined || !QUOTA_STATUSES.includes(error.status))

const noteOf = (error: SendError) => `${error.failure}: ${describe(error.original)}`

/** Delivers a lead: stored, then e-mailed (`stored`: the inbox took it on an earlier try). */
export async function deliverLead(
  lead: Lead,
  businessName: string,
  { deliveredLate, stored = false }: Pick<SendOptions, "deliveredLate"> & { stored?: boolean } = {},
): Promise<Delivery> {
  // Posted again when the inbox had it already (`stored`): the same row, with the same secret.
  const receipt = await storeInInbox(lead)
  if (receipt.stored && receipt.told) return { outcome: "emailed" }
  const inInbox = receipt.stored || stored
  try {
    await sendLead(lead, businessName, { deliveredLate })
  } catch (thrown) {
    const error = asSendError(thrown)
    if (!inInbox) return { outcome: "failed", error }
    console.warn(error)
    void recordEmail(lead, "failed", noteOf(error))
    return { outcome: "stored", retry: !isFinal(error) }
  }
  if (inInbox) void recordEmail(lead, "sent")
  return { outcome: "emailed" }
}
