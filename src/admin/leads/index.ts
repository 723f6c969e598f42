/*
 * /admin/leads/: the owner's list of estimate requests from the site's inbox (worker/inbox/leads.ts), read
 * with the GitHub token the content manager keeps after its sign-in. Newest first, each request's e-mail state
 * flagged, the counts by month and by page, a CSV export and a way to forget one request; and, once the host
 * has accepted the sign-in, the owner's test send (test-send.ts).
 */
import { NO_INBOX } from "../../lib/estimate/stored-request"
import { el, wrap } from "./dom"
import { ownerPhone } from "./notify-phone"
import { canPushOnGitHub } from "./owner"
import { describeLead, leadsSummary, type LeadRow, type LeadsList } from "./rows"
import { testSendSection, type TestBusiness } from "./test-send"

const API = "/api/leads"
const root = document.getElementById("leads") as HTMLElement
// The page names the business (src/build-time/cms/admin.ts › leadsPage) for the test send.
const business: TestBusiness = {
  name: root.dataset.businessName ?? "",
  phone: root.dataset.businessPhone ?? "",
  email: root.dataset.businessEmail ?? "",
}

const token = (): string | undefined => {
  try {
    return (JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}") as { token?: string }).token
  } catch {
    return undefined
  }
}

const call = (path: string, method = "GET") =>
  fetch(path, { method, headers: { Authorization: `Bearer ${token() ?? ""}` }, cache: "no-store" })

function say(text: string, link?: { href: string; text: string }) {
  root.replaceChildren(el("p", text))
  if (link) root.append(wrap("p", el("a", link.text, { href: link.href })))
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
    tr.append(wrap("td", el("a", row.phone, { href: lead.telHref })))
    tr.append(el("td", lead.details), el("td", lead.email), el("td", lead.spam))
    const remove = el("button", "Delete", { type: "button" })
    remove.addEventListener("click", () => void forget(row))
    tr.append(wrap("td", remove))
    return tr
  })
  const element = el("table")
  element.append(wrap("thead", head), wrap("tbody", ...body))
  return element
}

/** A host with no Functions keeps no inbox; GitHub itself says whether the test send is the visitor's to use. */
async function withoutFunctions(signedIn: string) {
  if (!(await canPushOnGitHub(signedIn)))
    return say("GitHub does not let this sign-in publish to the site, so the Leads view is not yours to use.", {
      href: "/admin/",
      text: "Back to the content manager",
    })
  root.replaceChildren(
    el("p", "This host runs none of the site's Functions, so it keeps no inbox: requests reach you by e-mail only."),
    testSendSection(business),
  )
}

async function show() {
  if (!token())
    return say("Sign in to the content manager first.", { href: "/admin/", text: "Open the content manager" })
  const response = await call(API)
  const text = response.ok ? "" : await response.text()
  // The host accepted the sign-in and keeps no inbox: the test send is still the owner's.
  if (response.status === 503 && text === NO_INBOX)
    return root.replaceChildren(el("p", text), testSendSection(business))
  if (response.status === 404 && !response.headers.get("Content-Type")?.startsWith("text/plain"))
    return withoutFunctions(token()!)
  if (!response.ok) return say(text, { href: "/admin/", text: "Back to the content manager" })
  const list = (await response.json()) as LeadsList
  const csv = el("button", "Download CSV", { type: "button" })
  csv.addEventListener("click", () => void downloadCsv())
  const summary = leadsSummary(list)
  root.replaceChildren(el("p", summary.headline, { role: "status" }), csv, table(list.leads))
  root.append(
    el("h2", "Requests by month"),
    el("p", summary.byMonth),
    el("h2", "Requests by page"),
    el("p", summary.byPage),
    testSendSection(business),
  )
  ownerPhone(root, token()!)
}

void show()
