/* The words of the Leads view (index.ts) for each stored request and for the whole list. */
import type { LeadsAnswer, StoredLead } from "../../lib/estimate/inbox-contract"
import { telHref } from "../../lib/urls"

/** The columns of a stored request that the view shows. */
export type LeadRow = Pick<
  StoredLead,
  | "ref"
  | "received_at"
  | "page_path"
  | "name"
  | "phone"
  | "project"
  | "size"
  | "timing"
  | "spam"
  | "email"
  | "email_note"
  | "email_at"
  | "host_email_at"
  | "host_email_note"
  | "pushed_at"
  | "called_at"
  | "reminded_at"
>

export type LeadsList = Omit<LeadsAnswer, "leads"> & { leads: LeadRow[] }

const emailWords: Record<string, string> = { sent: "e-mailed", failed: "NOT e-mailed", pending: "NOT e-mailed yet" }
const spamWords: Record<string, string> = { empty: "", "possible-spam": "possible spam", bot: "bot (never e-mailed)" }

export const describeLead = (row: LeadRow) => ({
  received: new Date(row.received_at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
  telHref: telHref(row.phone),
  details: [row.project, row.size, row.timing].filter(Boolean).join(" · "),
  email: `${emailWords[row.email] ?? row.email}${row.email === "failed" && row.email_note ? ` (${row.email_note})` : ""}`,
  spam: spamWords[row.spam] ?? row.spam,
})

/** A request the owner's mailbox has not had, by the browser's e-mail or the host's, and a person sent. */
export const notEmailed = (row: LeadRow) => row.email !== "sent" && !row.host_email_at && row.spam !== "bot"

/** The view's words for the whole list: the counts are the host's, over every request, not only those shown. */
export const leadsSummary = ({
  leads,
  counts,
  byMonth,
  byPage,
}: Pick<LeadsList, "leads" | "counts" | "byMonth" | "byPage">) => {
  const missing = counts.notEmailed
  const count = (n: number) => (n === 1 ? "1 request" : `${n} requests`)
  const shown = leads.length < counts.total ? `; the newest ${leads.length} are shown` : ""
  return {
    headline: `${count(counts.total)}, newest first${shown}. ${missing === 0 ? "Every one reached your e-mail." : `${count(missing)} did not reach your e-mail: call them from here.`}`,
    byMonth: byMonth.map(each => `${each.month}: ${each.requests}`).join(" · ") || "none yet",
    byPage: byPage.map(each => `${each.page}: ${each.requests}`).join(" · ") || "none yet",
  }
}
