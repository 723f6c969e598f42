/*
 * The estimate inbox and the owner's Leads API on the Worker's own runtime (`wrangler dev`) with its
 * local D1: what is stored, what is refused at the door and why, the per-sender limit, the owner's sign-in,
 * the list, the CSV, forgetting one request, the retention, and a host without the database.
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { limits } from "../../src/lib/estimate/fields"
import { makeSecret } from "../../src/lib/estimate/reference"
import { repoRoot } from "../support/site"
import {
  leadsApi,
  listLeads,
  oneFileSite,
  OWNER_TOKEN,
  patchRequest,
  postRequest,
  READER_TOKEN,
  serveWithInbox,
  type InboxSite,
} from "./inbox-host"
import { siteForFile, type ServedSite } from "./support"

jest.setTimeout(120_000)

const POSTS_PER_HOUR = 4
const root = oneFileSite()
let site: InboxSite

// Each request's secret, as its visitor's browser keeps it.
const secrets = new Map<string, string>()
const secretOf = (ref: string) => secrets.get(ref) ?? secrets.set(ref, makeSecret()).get(ref)!

const request = (ref: string, changes: Record<string, unknown> = {}) => ({
  ref,
  secret: secretOf(ref),
  name: "Test Person",
  phone: "(801) 555-0100",
  pageTitle: "Concrete in Testville",
  pagePath: "/locations/testville/",
  sentAt: "2026-01-05T16:00:00.000Z",
  spam: "empty",
  ...changes,
})

// Each test posts as a sender of its own, so only the limit's own test meets the limit.
let senders = 0
const asNewSender = () => ({ "CF-Connecting-IP": `192.0.2.${++senders}` })

beforeAll(async () => {
  site = await serveWithInbox(root, { bindings: { INBOX_POSTS_PER_HOUR: String(POSTS_PER_HOUR) } })
}, 90_000)

afterAll(() => site?.close())

/** An update as the request's own browser sends it, with its secret. */
const patch = (ref: string, body: Record<string, unknown>, headers: Record<string, string>) =>
  patchRequest(site, ref, { ...body, secret: secretOf(ref) }, headers)

describe("POST /api/requests", () => {
  test("stores a request, and a repeat of its reference and secret updates the same row", async () => {
    const first = await postRequest(site, request("KAAAAA"), asNewSender())
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ ref: "KAAAAA", stored: true })
    const again = await postRequest(site, request("KAAAAA", { name: "Test Person Again" }), asNewSender())
    expect(again.status).toBe(200)
    const rows = (await listLeads(site)).leads.filter(lead => lead.ref === "KAAAAA")
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      name: "Test Person Again",
      phone: "(801) 555-0100",
      email: "pending",
      spam: "empty",
    })
    expect(rows[0].page_path).toBe("/locations/testville/")
    expect(Date.parse(rows[0].received_at)).toBeGreaterThan(Date.now() - 60_000)
  })

  test.each([
    ["a wrong content type", { "Content-Type": "text/plain" }, request("KCCCCC"), /JSON/],
    ["a body that is not JSON", {}, "{ref: KCCCCC", /not valid JSON/],
    ["a missing phone", {}, request("KCCCCC", { phone: undefined }), /valid phone number/],
    ["a phone too short", {}, request("KCCCCC", { phone: "1".repeat(limits.phoneMin - 1) }), /valid phone number/],
    ["a malformed reference", {}, request("kccccc"), /reference/],
    ["a field the inbox does not know", {}, request("KCCCCC", { email: "a@b.c" }), /does not know/],
    ["a spam verdict the form never gives", {}, request("KCCCCC", { spam: "ham" }), /spam verdict/],
  ])("refuses %s with 400, a code and a sentence, storing nothing", async (_, headers, body, words) => {
    const response = await postRequest(site, body, { ...asNewSender(), ...headers })
    expect(response.status).toBe(400)
    const { error, message } = (await response.json()) as { error: string; message: string }
    expect(error).toMatch(/^(NOT_JSON|INVALID)$/)
    expect(message).toMatch(words)
    expect((await listLeads(site)).leads.map(lead => lead.ref)).not.toContain("KCCCCC")
  })

  test("refuses a body over the limit with 413, unread", async () => {
    const response = await postRequest(site, request("KCCCCC", { pageTitle: "x".repeat(5_000) }), asNewSender())
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: "TOO_LARGE", message: expect.stringMatching(/larger than/) })
  })

  test("refuses another site's page, and a request naming no origin, with 403", async () => {
    const elsewhere = await postRequest(site, request("KEEEEE"), { ...asNewSender(), Origin: "https://elsewhere.test" })
    expect(elsewhere.status).toBe(403)
    expect(await elsewhere.json()).toEqual({
      error: "OTHER_ORIGIN",
      message: expect.stringMatching(/this site's own pages/),
    })
    const headers = { "Content-Type": "application/json", ...asNewSender() }
    const bare = await fetch(`${site.url}/api/requests`, {
      method: "POST",
      headers,
      body: JSON.stringify(request("KEEEEE")),
    })
    expect(bare.status).toBe(403)
    expect((await listLeads(site)).leads.map(lead => lead.ref)).not.toContain("KEEEEE")
  })

  test("one IPv6 /64 is one sender, whichever of its addresses posts", async () => {
    const statuses = []
    for (let host = 1; host <= POSTS_PER_HOUR + 1; host++)
      statuses.push(
        (await postRequest(site, request(`KV${"ACEFGH"[host]}AAA`), { "CF-Connecting-IP": `2001:db8:7:7::${host}` }))
          .status,
      )
    expect(statuses).toEqual([...Array(POSTS_PER_HOUR).fill(200), 429])
  })

  test("limits each sender's posts and updates in an hour, in words, and stores the address only hashed", async () => {
    const sender = asNewSender()
    for (let post = 1; post < POSTS_PER_HOUR; post++)
      expect((await postRequest(site, request("KFFFFF"), sender)).status).toBeLessThan(300)
    expect((await patch("KFFFFF", { email: "failed" }, sender)).status).toBe(200)
    const refused = await postRequest(site, request("KGGGGG"), sender)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ error: "SENDER_LIMIT", message: expect.stringMatching(/Too many requests/) })
    expect((await patch("KFFFFF", { email: "sent" }, sender)).status).toBe(429)
    expect((await postRequest(site, request("KGGGGG"), asNewSender())).status).toBe(200)
    const database = readDatabase(site.state)
    expect(database).toContain("KGGGGG")
    expect(database).not.toContain(sender["CF-Connecting-IP"])
  })

  test("PATCH with the request's secret records the e-mail and the details; a stranger's is answered 404", async () => {
    await postRequest(site, request("KHHHHH"), asNewSender())
    const answer = await (await postRequest(site, request("KJJJJJ"), asNewSender())).json()
    expect(answer).toEqual({ ref: "KJJJJJ", stored: true, told: false })
    expect((await patch("KHHHHH", { email: "sent" }, asNewSender())).status).toBe(200)
    expect((await patch("KJJJJJ", { email: "failed", note: "unavailable: HTTP 503" }, asNewSender())).status).toBe(200)
    const details = { project: "Driveways", size: "Two cars", when: "This month" }
    expect((await patch("KJJJJJ", details, asNewSender())).status).toBe(200)
    expect((await patch("KKKKKK", { email: "sent" }, asNewSender())).status).toBe(404)
    const stranger = { email: "sent", secret: makeSecret() }
    expect((await patchRequest(site, "KJJJJJ", stranger, asNewSender())).status).toBe(404)
    const leads = (await listLeads(site)).leads
    expect(leads.find(lead => lead.ref === "KHHHHH")?.email).toBe("sent")
    expect(leads.find(lead => lead.ref === "KJJJJJ")).toMatchObject({
      email: "failed",
      project: "Driveways",
      timing: "This month",
    })
  })
})

/** Every text of the local D1's files, as a reader of the disk would find it. */
function readDatabase(state: string): string {
  const found = spawnSync("grep", ["-r", "-a", "-o", "-h", "-E", "[ -~]{6,}", path.join(state, "v3", "d1")], {
    encoding: "utf8",
  })
  return found.stdout
}

describe("the Leads API", () => {
  test("asks for a token (401), and GitHub's push access to the repository (403)", async () => {
    const none = await leadsApi(site)
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ error: "SIGN_IN_NEEDED", message: expect.stringMatching(/Sign in/) })
    expect((await leadsApi(site, "gho_unknown")).status).toBe(401)
    const reader = await leadsApi(site, READER_TOKEN)
    expect(reader.status).toBe(403)
    expect(await reader.json()).toEqual({
      error: "NOT_THE_OWNER",
      message: expect.stringMatching(/cannot change the site's repository/),
    })
    expect((await leadsApi(site, READER_TOKEN, { method: "DELETE", ref: "KAAAAA" })).status).toBe(403)
  })

  test("lists newest first with counts by month and page, exports CSV, and forgets one", async () => {
    await postRequest(site, request("KNNNNN", { pagePath: "/driveways/", name: "=cmd|' /C calc'!A0" }), asNewSender())
    const { leads, byMonth, byPage } = await listLeads(site)
    expect(leads[0].ref).toBe("KNNNNN")
    const received = leads.map(lead => lead.received_at)
    expect(received).toEqual([...received].sort().reverse())
    expect(byMonth.reduce((sum, month) => sum + month.requests, 0)).toBe(leads.length)
    expect(byPage).toContainEqual({ page: "/driveways/", requests: 1 })
    const csv = await leadsApi(site, OWNER_TOKEN, { query: "?format=csv" })
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/)
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
    expect(lines).toHaveLength(leads.length + 1)
    expect(lines[1]).toContain("'=cmd")
    expect((await leadsApi(site, OWNER_TOKEN, { method: "DELETE", ref: "KNNNNN" })).status).toBe(204)
    expect((await listLeads(site)).leads.map(lead => lead.ref)).not.toContain("KNNNNN")
    expect((await leadsApi(site, OWNER_TOKEN, { method: "DELETE", ref: "KNNNNN" })).status).toBe(404)
  })

  test("deletes requests past the retention (24 months) on its own; the migrations apply again over the data", async () => {
    await site.close()
    const monthsAgo = (months: number) => {
      const date = new Date()
      date.setUTCMonth(date.getUTCMonth() - months)
      return date.toISOString()
    }
    const insert = (ref: string, at: string) =>
      `INSERT INTO leads (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone) VALUES ('${ref}', '${at}', '${at}', 'then', 'Home', '/', 'Old Customer', '8015550100');`
    const wrangler = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, "node_modules/wrangler/bin/wrangler.js"),
        "d1",
        "execute",
        "estimate-inbox",
        "--local",
        `--persist-to=${site.state}`,
        "--command",
        insert("KPPPPP", monthsAgo(25)) + insert("KRRRRR", monthsAgo(23)),
      ],
      { cwd: repoRoot, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" } },
    )
    expect(wrangler.status).toBe(0)
    site = await serveWithInbox(root, { state: site.state })
    const refs = (await listLeads(site)).leads.map(lead => lead.ref)
    expect(refs).toContain("KRRRRR")
    expect(refs).toContain("KAAAAA")
    expect(refs).not.toContain("KPPPPP")
  })
})

describe("floods and settings on the host's runtime", () => {
  let tight: InboxSite
  beforeAll(async () => {
    // A day's ceiling of 3, and a retention no owner may set.
    tight = await serveWithInbox(root, { bindings: { INBOX_POSTS_PER_DAY: "3", LEADS_RETENTION_MONTHS: "0" } })
  }, 90_000)
  afterAll(() => tight?.close())

  test("a retention out of range is refused in words, and past the day's ceiling every post is turned away", async () => {
    const answers = []
    for (const ref of ["KWAAAA", "KWCCCC", "KWEEEE", "KWFFFF"]) {
      const response = await postRequest(tight, request(ref), asNewSender())
      answers.push([response.status, ((await response.json()) as { message: string }).message])
    }
    expect(answers.slice(0, 3).map(([status]) => status)).toEqual([503, 503, 503])
    expect(answers[0][1]).toMatch(/LEADS_RETENTION_MONTHS is "0"; it must be a whole number of months from 1 to 120/)
    expect(answers[3]).toEqual([429, expect.stringMatching(/all the requests it takes in a day/)])
  })
})

describe("a host without the database", () => {
  let plain: ServedSite
  beforeAll(async () => {
    plain = await siteForFile("host")
  })
  afterAll(() => plain?.close())

  test("answers 503 in words, so the form goes on by e-mail alone", async () => {
    const response = await postRequest(plain, request("KTTTTT"))
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: "NO_INBOX", message: expect.stringMatching(/no inbox/) })
  })
})
