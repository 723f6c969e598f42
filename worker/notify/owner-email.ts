/*
 * What the host's own e-mail says about a stored request: the words of today's e-mail (lead-message.ts, what
 * EmailJS sends from the visitor's browser) and its subject, the follow-up details, the phone as a tap-to-call
 * link, a link to the request in the Leads view, and why the host sent it. As plain text and as HTML, from one
 * list of lines, so the two parts never say different things.
 */
import business from "../../data/business.json"
import { detailLines } from "../../src/lib/estimate/follow-up"
import { leadSubject, type LeadText } from "../../src/lib/estimate/lead"
import { leadMessage } from "../../src/lib/estimate/lead-message"
import type { StoredLead } from "../../src/lib/estimate/inbox-contract"
import { canonicalUrl, telHref } from "../../src/lib/urls"
import { BUSINESS_TIME_ZONE } from "./business-hours"

export type WaitingRequest = Pick<
  StoredLead,
  | "ref"
  | "name"
  | "phone"
  | "page_title"
  | "page_path"
  | "sent_at"
  | "spam"
  | "project"
  | "size"
  | "timing"
  | "email"
  | "email_note"
>

export interface OwnerEmail {
  subject: string
  text: string
  html: string
}

/** The request's own place in the Leads view (src/admin/leads/ gives each row its reference as its id). */
export const leadsViewLink = (ref: string) => `${canonicalUrl(business.siteUrl, "/admin/leads/")}#${ref}`

const leadOf = (row: WaitingRequest): LeadText => ({
  ref: row.ref,
  name: row.name,
  phone: row.phone,
  pageTitle: row.page_title,
  pagePath: row.page_path,
  sentAt: row.sent_at,
  possibleSpam: row.spam === "possible-spam",
})

/** Why the host sent it: the owner should know the visitor's browser did not, and what EmailJS said if it did. */
const whyLine = (row: WaitingRequest) =>
  row.email === "failed"
    ? `The visitor's browser could not send the usual e-mail${row.email_note ? ` (${row.email_note})` : ""}, so the website sent this one.`
    : "The visitor's browser did not report sending the usual e-mail, so the website sent this one."

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, character => `&#${character.charCodeAt(0)};`)

export function ownerEmail(row: WaitingRequest): OwnerEmail {
  const lead = leadOf(row)
  const message = [
    leadMessage(lead, { timeZone: BUSINESS_TIME_ZONE }),
    ...detailLines({ project: row.project, size: row.size, when: row.timing }),
  ]
  const link = leadsViewLink(row.ref)
  const text = [...message, "", `Call ${row.name}: ${row.phone}`, `The request in Leads: ${link}`, "", whyLine(row)]
  const paragraph = (html: string) => `<p>${html}</p>`
  const html = [
    paragraph(
      message
        .flatMap(line => line.split("\n"))
        .map(escapeHtml)
        .join("<br>"),
    ),
    paragraph(`<a href="${escapeHtml(telHref(row.phone))}">Call ${escapeHtml(row.name)}: ${escapeHtml(row.phone)}</a>`),
    paragraph(`<a href="${escapeHtml(link)}">Open request ${escapeHtml(row.ref)} in Leads</a>`),
    paragraph(escapeHtml(whyLine(row))),
  ]
  return {
    subject: leadSubject(lead),
    text: text.join("\n").replace(/\n/g, "\r\n"),
    html: `<!DOCTYPE html><html><body>${html.join("")}</body></html>`,
  }
}
