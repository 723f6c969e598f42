/*
 * /admin/leads/: the owner's list of estimate requests from the site's inbox (worker/inbox/leads.ts), read
 * with the GitHub token the content manager keeps after its sign-in. The requests still to call first, each
 * part newest first, each request's e-mail state flagged with how and when the owner was told and a Called
 * button; the app's badge counting the ones to call; the median time to call; what the host lacks to tell the
 * owner; the counts by month and by page, a CSV export and a way to forget one request; and, once the host has
 * accepted the sign-in, the owner's test send (test-send.ts).
 */
import { isReference } from "../../lib/estimate/reference"
import { errorOf, LEADS_PAGE, LEADS_PATH, wordsOf, type LeadsPage } from "../../lib/estimate/inbox-contract"
import { el, wrap } from "./dom"
import { ownerPhone } from "./notify-phone"
import { canPushOnGitHub } from "./owner"
import { signInAgain, storedToken, watchSignInExpiry } from "../sign-in-again"
import { leadsSummary, type LeadRow, type LeadsList } from "./rows"
import { leadsTable } from "./table"
import { testSendSection, type TestBusiness } from "./test-send"
import { byCall, channelNotes, medianLine } from "./told"

const API = LEADS_PATH
const root = document.getElementById("leads") as HTMLElement
// The page names the business (src/build-time/cms/admin.ts › leadsPage) for the test send.
const business: TestBusiness = {
  name: root.dataset.businessName ?? "",
  phone: root.dataset.businessPhone ?? "",
  email: root.dataset.businessEmail ?? "",
}

const token = storedToken

const call = (path: string, method = "GET", body?: unknown) =>
  fetch(path, {
    method,
    headers: {
      Authorization: `Bearer ${token() ?? ""}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  })

function say(text: string, link?: { href: string; text: string }) {
  root.replaceChildren(el("p", text))
  if (link) root.append(wrap("p", el("a", link.text, { href: link.href })))
}

async function downloadCsv() {
  const response = await call(`${API}?format=csv`)
  if (!response.ok) return say(await wordsOf(response))
  const link = el("a", "", { href: URL.createObjectURL(await response.blob()), download: "leads.csv" })
  link.click()
  URL.revokeObjectURL(link.href)
}

async function forget(row: LeadRow) {
  if (!window.confirm(`Delete request ${row.ref} from ${row.name} for good?`)) return
  const response = await call(`${API}/${row.ref}`, "DELETE")
  if (!response.ok) return say(await wordsOf(response))
  await show()
}

/** The app's badge (an installed /admin/ on a phone or desktop) counts the requests still to call. */
function badge(count: number) {
  if (!("setAppBadge" in navigator)) return
  void (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => undefined)
}

/** The requests shown so far (the first page, the pages asked for since, a request linked to), and the counts. */
let list: LeadsList | null = null

/** Marks the request called on the host; the host's refusal in words, or null once it is marked. */
async function markCalled(row: LeadRow): Promise<string | null> {
  const response = await call(`${API}/${row.ref}`, "PATCH", { called: true })
  if (!response.ok) return wordsOf(response)
  const { calledAt } = (await response.json()) as { calledAt?: string | null }
  if (!row.called_at && list) list.counts.toCall = Math.max(0, list.counts.toCall - 1)
  row.called_at = calledAt ?? new Date().toISOString()
  badge(list?.counts.toCall ?? 0)
  return null
}

const actions = { called: markCalled, forget: (row: LeadRow) => void forget(row) }

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

/** The next page of older requests, added below those shown. */
async function showMore(button: HTMLButtonElement) {
  if (!list?.next) return
  button.disabled = true
  const response = await call(`${API}?before=${encodeURIComponent(list.next)}`)
  if (!response.ok) return say(await wordsOf(response), { href: "/admin/leads/", text: "Load the Leads view again" })
  const more = (await response.json()) as LeadsPage
  const known = new Set(list.leads.map(row => row.ref))
  list = { ...list, next: more.next, leads: [...list.leads, ...more.leads.filter(row => !known.has(row.ref))] }
  render(list)
}

function render(shown: LeadsList) {
  badge(shown.counts.toCall)
  const csv = el("button", "Download CSV", { type: "button" })
  csv.addEventListener("click", () => void downloadCsv())
  const summary = leadsSummary(shown)
  const { toCall: waiting, rest } = byCall(shown.leads)
  root.replaceChildren(el("p", summary.headline, { role: "status" }), el("p", medianLine(shown.medianMinutesToCall)))
  for (const note of channelNotes(shown.channels)) root.append(el("p", note, { class: "missing-channel" }))
  root.append(csv, el("h2", `To call back (${shown.counts.toCall})`), leadsTable(waiting, actions))
  if (rest.length > 0) root.append(el("h2", "Called, and bots' requests"), leadsTable(rest, actions))
  if (shown.next) {
    const more = el("button", `Show ${LEADS_PAGE} older requests`, { type: "button" })
    more.addEventListener("click", () => void showMore(more))
    root.append(wrap("p", more))
  }
  root.append(
    el("h2", "Requests by month"),
    el("p", summary.byMonth),
    el("h2", "Requests by page"),
    el("p", summary.byPage),
    testSendSection(business),
  )
  ownerPhone(root, token()!)
}

/** The host's refusal of the sign-in, and a button that signs in again and shows the list. */
function offerSignIn(text: string) {
  const button = el("button", "Sign in again", { type: "button" })
  const problem = el("p", "")
  button.addEventListener("click", () => {
    button.disabled = true
    signInAgain().then(
      () => void show(),
      (error: Error) => {
        problem.textContent = error.message
        button.disabled = false
      },
    )
  })
  root.replaceChildren(el("p", text, { role: "status" }), wrap("p", button), problem)
}

async function show() {
  if (!token())
    return say("Sign in to the content manager first.", { href: "/admin/", text: "Open the content manager" })
  const response = await call(API)
  const refused = response.ok ? null : await errorOf(response)
  // The host accepted the sign-in and keeps no inbox: the test send is still the owner's.
  if (refused?.error === "NO_INBOX") return root.replaceChildren(el("p", refused.message), testSendSection(business))
  // No Worker answered: a static host's own 404 page.
  if (response.status === 404 && !refused) return withoutFunctions(token()!)
  // The sign-in ended (a GitHub App's token lasts 8 hours) or was revoked: one click signs in again.
  if (refused?.error === "SIGN_IN_NEEDED" || refused?.error === "SIGN_IN_REFUSED") return offerSignIn(refused.message)
  if (!response.ok)
    return say(refused?.message ?? `The host answered ${response.status}.`, {
      href: "/admin/",
      text: "Back to the content manager",
    })
  list = (await response.json()) as LeadsList
  // The host's e-mail and pushes link to one request (…/admin/leads/#<ref>): older than the first page, it is
  // asked for alone and shown with them.
  const linked = window.location.hash.slice(1)
  if (isReference(linked) && !list.leads.some(row => row.ref === linked)) {
    const one = await call(`${API}?ref=${linked}`)
    if (one.ok) list.leads.push(...((await one.json()) as LeadsPage).leads)
  }
  render(list)
  if (linked) document.getElementById(linked)?.scrollIntoView()
}

void show()
// Before the sign-in ends, a notice above the list says so; signing in again shows the list afresh.
const notices = el("div")
root.before(notices)
watchSignInExpiry(notices, () => void show())
