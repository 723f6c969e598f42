/*
 * /admin/leads/: the owner's list of estimate requests from the site's inbox (functions/_inbox/leads.ts), read
 * with the GitHub token the content manager keeps after its sign-in. Newest first, each request's e-mail state
 * flagged, the counts by month and by page, a CSV export and a way to forget one request.
 */
import { describeLead, leadsSummary, type LeadRow } from "./rows"

const API = "/api/leads"
const root = document.getElementById("leads") as HTMLElement

const token = (): string | undefined => {
  try {
    return (JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}") as { token?: string }).token
  } catch {
    return undefined
  }
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text = "", attributes: Record<string, string> = {}) => {
  const element = document.createElement(tag)
  element.textContent = text
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  return element
}

const call = (path: string, method = "GET") =>
  fetch(path, { method, headers: { Authorization: `Bearer ${token() ?? ""}` }, cache: "no-store" })

function say(text: string, link?: { href: string; text: string }) {
  root.replaceChildren(el("p", text))
  if (link) root.append(el("p").appendChild(el("a", link.text, { href: link.href })).parentElement!)
}

async function downloadCsv() {
  const response = await call(`${API}?format=csv`)
  if (!response.ok) return say(await response.text())
  const link = el("a", "", { href: URL.createObjectURL(await response.blob()), download: "leads.csv" })
  link.click()
  URL.revokeObjectURL(link.href)
}

async function forget(row: LeadRow) {
  if (!window.confirm(`Delete request ${row.ref} from ${row.name} for good?`)) return
  const response = await call(`${API}/${row.ref}`, "DELETE")
  if (!response.ok) return say(await response.text())
  await show()
}

function table(rows: LeadRow[]) {
  const head = el("tr")
  for (const title of ["Reference", "Received", "Page", "Name", "Phone", "Details", "E-mail", "Spam", ""])
    head.append(el("th", title, { scope: "col" }))
  const body = rows.map(row => {
    const lead = describeLead(row)
    const tr = el("tr", "", { "data-ref": row.ref })
    tr.append(el("td", row.ref), el("td", lead.received), el("td", row.page_path), el("td", row.name))
    tr.append(el("td").appendChild(el("a", row.phone, { href: lead.telHref })).parentElement!)
    tr.append(el("td", lead.details), el("td", lead.email), el("td", lead.spam))
    const remove = el("button", "Delete", { type: "button" })
    remove.addEventListener("click", () => void forget(row))
    tr.append(el("td").appendChild(remove).parentElement!)
    return tr
  })
  const element = el("table")
  element.append(el("thead").appendChild(head).parentElement!, el("tbody"))
  element.tBodies[0].append(...body)
  return element
}

async function show() {
  if (!token())
    return say("Sign in to the content manager first.", { href: "/admin/", text: "Open the content manager" })
  const response = await call(API)
  if (!response.ok) return say(await response.text(), { href: "/admin/", text: "Back to the content manager" })
  const list = (await response.json()) as Parameters<typeof leadsSummary>[0]
  const csv = el("button", "Download CSV", { type: "button" })
  csv.addEventListener("click", () => void downloadCsv())
  const summary = leadsSummary(list)
  root.replaceChildren(el("p", summary.headline, { role: "status" }), csv, table(list.leads))
  root.append(
    el("h2", "Requests by month"),
    el("p", summary.byMonth),
    el("h2", "Requests by page"),
    el("p", summary.byPage),
  )
}

void show()
