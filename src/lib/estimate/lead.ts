/**
 * A lead: what the business receives for one estimate request, and the texts that carry it, through
 * EmailJS or through the visitor's own text-message and e-mail apps when the mail service cannot.
 */
import { telHref } from "../urls"
import type { EstimateRequest } from "./schema"

/** The request's reference and its secret (reference.ts), made together and kept together. */
export interface RequestIds {
  ref: string
  secret: string
}

export interface Lead {
  /** The request's reference (reference.ts): a repeat of the same request carries the same one. */
  ref: string
  /**
   * The request's secret (reference.ts), which only this browser and the inbox's hash of it know: the inbox
   * changes its stored copy only for a post that shows it. Never in a message.
   */
  secret: string
  name: string
  phone: string
  /** The page the visitor sent it from: its title and path, e.g. "Concrete Driveways …" and "/driveways". */
  pageTitle: string
  pagePath: string
  /** When the visitor sent it: an ISO 8601 time in UTC, "2026-11-23T18:42:07.000Z" (sentWords says it in words). */
  sentAt: string
  /** The honeypot was filled by someone who took a person's time over the form (honeypot.ts): sent, but marked. */
  possibleSpam?: boolean
}

/**
 * "Monday, November 23, 2026 at 11:42 AM MST": the date and time on the visitor's own clock, or on `timeZone`'s
 * where no visitor's clock runs (the Worker, for the form posted without its code).
 */
export const localDateTime = (date: Date, timeZone?: string): string =>
  date.toLocaleString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  })

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

/** Whether the text is an ISO 8601 time in UTC, as a lead's sentAt is. */
export const isIsoTime = (value: unknown): value is string =>
  typeof value === "string" && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))

/**
 * When the lead was sent, in words on `timeZone`'s clock (the reader's own where none is given). A request kept
 * before leads carried ISO times has the visitor's words already; they are said as they are.
 */
export const sentWords = (sentAt: string, timeZone?: string): string =>
  isIsoTime(sentAt) ? localDateTime(new Date(sentAt), timeZone) : sentAt

/** What a message about the lead says: everything but its secret. */
export type LeadText = Omit<Lead, "secret">

export const leadFrom = (
  { name, phone }: EstimateRequest,
  { ref, secret }: RequestIds,
  page: { title: string; path: string },
  date: Date = new Date(),
): Lead => ({ ref, secret, name, phone, pageTitle: page.title, pagePath: page.path, sentAt: date.toISOString() })

/** The request as the visitor would text or e-mail it themselves. */
const appBody = (lead: LeadText) =>
  `Estimate request ${lead.ref} from ${lead.name}, phone ${lead.phone}. Sent from your website's page "${lead.pageTitle}" (${lead.pagePath}).`

/** A text message to the business, prefilled. "?&body=" is the form both iOS and Android read. */
export const smsHref = (businessPhone: string, lead: LeadText): string =>
  `${telHref(businessPhone).replace(/^tel:/, "sms:")}?&body=${encodeURIComponent(appBody(lead))}`

/** The subject of every e-mail about the request, the reference first (docs/deploying.md › The template). */
export const leadSubject = (lead: Pick<Lead, "ref" | "name">) => `Estimate request ${lead.ref} from ${lead.name}`

/** An e-mail to the business, prefilled. */
export const mailtoHref = (email: string, lead: LeadText): string =>
  `mailto:${email}?subject=${encodeURIComponent(leadSubject(lead))}&body=${encodeURIComponent(appBody(lead))}`
