/**
 * The e-mail the business receives for a lead, apart from lead.ts so that only the lazily loaded send code
 * carries it: its message text and the EmailJS template's parameters.
 */
import { localDateTime, sentWords, type LeadText } from "./lead"

export const POSSIBLE_SPAM =
  "Possible spam: the form's hidden anti-spam field was filled in, though the visitor took a person's time over the form."

export interface MessageOptions {
  /** A request kept on the device while offline also says when it finally went out. */
  deliveredLate?: Date
  /** Whose clock the times are told on: the visitor's own in the browser, the business's on the host. */
  timeZone?: string
}

/** The message text of the e-mail the business receives, its reference on the first line. */
export function leadMessage(lead: LeadText, { deliveredLate, timeZone }: MessageOptions = {}): string {
  const lines = [
    ...(lead.possibleSpam ? [POSSIBLE_SPAM] : []),
    `New estimate request ${lead.ref} from ${lead.name}, phone ${lead.phone}.`,
    `Page: ${lead.pageTitle} (${lead.pagePath})`,
    `Sent: ${sentWords(lead.sentAt, timeZone)}`,
  ]
  if (deliveredLate)
    lines.push(`Kept on the visitor's device while offline and delivered ${localDateTime(deliveredLate, timeZone)}.`)
  return lines.join("\n")
}

/**
 * The fields the EmailJS template receives (docs/deploying.md › The template), for every e-mail the browser sends
 * through it: the request's, the follow-up's and the owner's test. The reference, also in the message, is a
 * field of its own for the template's subject.
 */
export interface TemplateParams extends Record<string, string> {
  to_name: string
  from_name: string
  phone_number: string
  reference: string
  message: string
}

/** The one builder of the template's fields. */
export const emailjsFields = (to: string, from: string, phone: string, reference: string, message: string) =>
  ({ to_name: to, from_name: from, phone_number: phone, reference, message }) satisfies TemplateParams

/** The request's e-mail: the page and time are in the message. */
export const templateParams = (lead: LeadText, businessName: string, options: MessageOptions = {}): TemplateParams =>
  emailjsFields(businessName, lead.name, lead.phone, lead.ref, leadMessage(lead, options))
