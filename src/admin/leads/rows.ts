/* The words of the Leads view (index.ts) for each stored request and for the whole list. */
import { telHref } from "../../lib/urls"

export interface LeadRow {
  ref: string
  received_at: string
  page_path: string
  name: string
  phone: string
  project: string | null
  size: string | null
  timing: string | null
  spam: string
  email: string
  email_note: string | null
}

export interface LeadsList {
  leads: LeadRow[]
  byMonth: { month: string; requests: number }[]
  byPage: { page: string; requests: number }[]
}

const emailWords: Record<string, string> = { sent: "e-mailed", failed: "NOT e-mailed", pending: "NOT e-mailed yet" }
const spamWords: Record<string, string> = { empty: "", "possible-spam": "possible spam", bot: "bot (never e-mailed)" }

export const describeLead = (row: LeadRow) => ({
  received: new Date(row.received_at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
  telHref: telHref(row.phone),
  details: [row.project, row.size, row.timing].filter(Boolean).join(" · "),
  email: `${emailWords[row.email] ?? row.email}${row.email === "failed" && row.email_note ? ` (${row.email_note})` : ""}`,
  spam: spamWords[row.spam] ?? row.spam,
})

/** A request the owner's mailbox has not had, and a person sent. */
export const notEmailed = (row: LeadRow) => row.email !== "sent" && row.spam !== "bot"

export const leadsSummary = ({ leads, byMonth, byPage }: LeadsList) => {
  const missing = leads.filter(notEmailed).length
  const count = (n: number) => (n === 1 ? "1 request" : `${n} requests`)
  return {
    headline: `${count(leads.length)}, newest first. ${missing === 0 ? "Every one reached your e-mail." : `${count(missing)} did not reach your e-mail: call them from here.`}`,
    byMonth: byMonth.map(each => `${each.month}: ${each.requests}`).join(" · ") || "none yet",
    byPage: byPage.map(each => `${each.page}: ${each.requests}`).join(" · ") || "none yet",
  }
}
