/**
 * The e-mail the business receives for a lead, apart from lead.ts so that only the lazily loaded send code
 * carries it: its message text and the EmailJS template's parameters.
 */
import { localDateTime, type LeadText } from "./lead"

export const POSSIBLE_SPAM =
  "Possible spam: the form's hidden anti-spam field was filled in, though the visitor took a person's time over the form."

export interface MessageOptions {
  /** A request kept on the device while offline also says when it finally went out. */
  deliveredLate?: Date
}

/** The message text of the e-mail the business receives, its reference on the first line. */
export function leadMessage(lead: LeadText, { deliveredLate }: MessageOptions = {}): string {
  const lines = [
    ...(lead.possibleSpam ? [POSSIBLE_SPAM] : []),
    `New estimate request ${lead.ref} from ${lead.name}, phone ${lead.phone}.`,
    `Page: ${lead.pageTitle} (${lead.pagePath})`,
    `Sent: ${lead.sentAt}`,
  ]
  if (deliveredLate)
    lines.push(`Kept on the visitor's device while offline and delivered ${localDateTime(deliveredLate)}.`)
  return lines.join("\n")
}

/**
 * The template parameters the EmailJS template receives: the page and time are in the message, and the
 * reference, also in the message's first line, is a parameter of its own for the template's subject.
 */
export const templateParams = (lead: LeadText, businessName: string, options: MessageOptions = {}) => ({
  to_name: businessName,
  from_name: lead.name,
  phone_number: lead.phone,
  reference: lead.ref,
  message: leadMessage(lead, options),
})

export type TemplateParams = ReturnType<typeof templateParams>
