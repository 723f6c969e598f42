/**
 * @jest-environment node
 */
/*
 * The estimate inbox and the owner's Leads API on a local D1 with the Worker's own handlers, for what the other
 * files here leave out: each refusal at the door answers its code and stores nothing (a body over the limit is
 * refused unread); the per-sender limit counts updates too, answers in words and leaves no address in the
 * database; the Leads API asks for a sign-in and for push access, lists newest first with its counts by month and
 * by page, exports CSV and forgets one; the Cron Trigger deletes what is past the retention; a host without the
 * database says so. Last, with wrangler's own CLI and no server: the migrations apply again over a database that
 * holds requests, and keep them.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { limits, messages } from "../../src/lib/estimate/fields"
import {
  INBOX_PATH,
  LEADS_PATH,
  LEADS_RETENTION_MONTHS_DEFAULT,
  type ErrorAnswer,
  type LeadsAnswer,
} from "../../src/lib/estimate/inbox-contract"
import { makeReference, makeSecret } from "../../src/lib/estimate/reference"
import { readWranglerConfig } from "../../scripts/wrangler-config.cjs"
import { MAX_BODY_BYTES } from "../../worker/inbox/http"
import { DEFAULT_POSTS_PER_HOUR } from "../../worker/inbox/requests"
import {
  GITHUB_STAND_IN,
  holdDate,
  localWorker,
  OWNER_SETTINGS,
  SITE_ORIGIN,
  type LocalWorker,
} from "../support/worker"

const OWNER = "owner-token"
const READER = "reader-token"

let worker: LocalWorker
beforeAll(async () => {
  worker = await localWorker()
})
afterAll(() => worker.dispose())

/** GitHub's answer for the repository: push access for the owner's token, read access for another. */
function github(request: Request): Response {
  const token = request.headers.get("Authorization")?.replace(/^Bearer /, "")
  if (new URL(request.url).pathname !== `/repos/${OWNER_SETTINGS.GITHUB_REPO}`)
    return new Response("Not Found", { status: 404 })
  if (token !== OWNER && token !== READER) return new Response("Bad credentials", { status: 401 })
  return Response.json({ permissions: { push: token === OWNER } })
}

const realFetch = global.fetch
beforeEach(async () => {
  await worker.db.batch(["leads", "senders", "site_posts"].map(table => worker.db.prepare(`DELETE FROM ${table}`)))
  jest
    .spyOn(global, "fetch")
    .mockImplementation(async (input, init) =>
      String(input).startsWith(GITHUB_STAND_IN) ? github(new Request(input, init)) : realFetch(input, init),
    )
})
afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
})

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

// Each post is a sender of its own unless a test says otherwise, so only the limit's own test meets the limit.
let senders = 0
const asNewSender = () => ({ "CF-Connecting-IP": `192.0.2.${++senders % 250}` })

type HeaderChanges = Record<string, string | undefined>

/** A post or an update as a page of the site makes it; `headers` may replace any of its headers, or leave it out. */
const inbox = (method: string, suffix: string, body: unknown, headers: HeaderChanges = {}, settings = {}) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}${INBOX_PATH}${suffix}`, {
      method,
      headers: Object.entries({
        "Content-Type": "application/json",
        Origin: SITE_ORIGIN,
        ...asNewSender(),
        ...headers,
      }).filter((pair): pair is [string, string] => pair[1] !== undefined),
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    settings,
  )
const post = (body: unknown, headers: HeaderChanges = {}, settings = {}) => inbox("POST", "", body, headers, settings)
const patch = (ref: string, body: Record<string, unknown>, headers: HeaderChanges = {}) =>
  inbox("PATCH", `/${ref}`, { ...body, secret: secretOf(ref) }, headers)

const leadsApi = (token?: string, { query = "", method = "GET", ref = "" } = {}) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}${LEADS_PATH}${ref ? `/${ref}` : ""}${query}`, {
      method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    }),
    OWNER_SETTINGS,
  )

/** The owner's list, as the Leads view reads it. */
async function listLeads(): Promise<LeadsAnswer> {
  const response = await leadsApi(OWNER)
  expect(response.status).toBe(200)
  return (await response.json()) as LeadsAnswer
}

/** The references in the table itself, read past the Leads API (which deletes what is past the retention first). */
const storedRefs = async () =>
  (await worker.db.prepare("SELECT ref FROM leads ORDER BY ref").all<{ ref: string }>()).results.map(row => row.ref)

/** Every row of every table, as one text: what a reader of the database would find (D1's own tables aside). */
async function wholeDatabase(): Promise<string> {
  const { results: tables } = await worker.db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND lower(substr(name, 1, 4)) <> '_cf_' AND substr(name, 1, 7) <> 'sqlite_'",
    )
    .all<{ name: string }>()
  const rows = await Promise.all(tables.map(({ name }) => worker.db.prepare(`SELECT * FROM "${name}"`).all()))
  return JSON.stringify(rows.map(({ results }) => results))
}

/** A time `months` months and `days` days before `now`, as the inbox writes one. */
const before = (now: Date, months: number, days = 0) => {
  const date = new Date(now.getTime() - days * 86_400_000)
  date.setUTCMonth(date.getUTCMonth() - months)
  return date.toISOString()
}

/** A stored request of the tests' own, received at `receivedAt`. */
const insert = (ref: string, receivedAt: string, pagePath = "/") =>
  worker.db
    .prepare(
      `INSERT INTO leads (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone)
       VALUES (?1, ?2, ?2, 'then', 'Home', ?3, 'Old Customer', '8015550100')`,
    )
    .bind(ref, receivedAt, pagePath)
    .run()

describe("refused at the door", () => {
  const ref = "KCCCCC"
  test.each<[string, HeaderChanges, unknown, number, ErrorAnswer["error"], RegExp | string]>([
    ["a wrong content type", { "Content-Type": "text/plain" }, request(ref), 400, "NOT_JSON", /as JSON/],
    ["a body that is not JSON", {}, "{ref: KCCCCC", 400, "NOT_JSON", /not valid JSON/],
    ["a missing phone", {}, request(ref, { phone: undefined }), 400, "INVALID", messages.phoneTooShort],
    [
      "a phone too short",
      {},
      request(ref, { phone: "1".repeat(limits.phoneMin - 1) }),
      400,
      "INVALID",
      messages.phoneTooShort,
    ],
    ["a malformed reference", {}, request("kccccc"), 400, "INVALID", /reference is not one the form makes/],
    ["a field the inbox does not know", {}, request(ref, { email: "a@b.c" }), 400, "INVALID", /does not know/],
    ["a spam verdict the form never gives", {}, request(ref, { spam: "ham" }), 400, "INVALID", /spam verdict/],
    ["another site's page", { Origin: "https://elsewhere.test" }, request(ref), 403, "OTHER_ORIGIN", /own pages/],
    ["a request naming no origin", { Origin: undefined }, request(ref), 403, "OTHER_ORIGIN", /own pages/],
  ])("refuses %s with its status, its code and a sentence, storing nothing", async (_, headers, body, ...expected) => {
    const [status, code, words] = expected
    const response = await post(body, headers)
    expect(response.status).toBe(status)
    const { error, message } = (await response.json()) as ErrorAnswer
    expect(error).toBe(code)
    expect(message).toMatch(words)
    expect(await storedRefs()).toEqual([])
  })

  test("refuses a body over the limit with 413, unread, storing nothing", async () => {
    let read = false
    const body = new ReadableStream(
      {
        pull(controller) {
          read = true
          controller.enqueue(new TextEncoder().encode(JSON.stringify(request("KCCCCC"))))
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const tooLarge = new Request(`${SITE_ORIGIN}${INBOX_PATH}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(MAX_BODY_BYTES + 1),
        Origin: SITE_ORIGIN,
        ...asNewSender(),
      },
      body,
      duplex: "half",
    } as RequestInit)
    const response = await worker.fetch(tooLarge)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      error: "TOO_LARGE",
      message: expect.stringContaining(`larger than the ${MAX_BODY_BYTES} bytes`),
    })
    expect(read).toBe(false)
    expect(await storedRefs()).toEqual([])
  })
})

test("each sender's posts and updates count against its hour, refused in words, and its address is stored only hashed", async () => {
  holdDate()
  const sender = { "CF-Connecting-IP": "198.51.100.23" }
  for (let posts = 1; posts < DEFAULT_POSTS_PER_HOUR; posts++)
    expect((await post(request("KFFFFF"), sender)).status).toBe(200)
  expect((await patch("KFFFFF", { email: "failed" }, sender)).status).toBe(200)
  const refused = await post(request("KGGGGG"), sender)
  expect(refused.status).toBe(429)
  expect(await refused.json()).toEqual({ error: "SENDER_LIMIT", message: expect.stringMatching(/Too many requests/) })
  expect((await patch("KFFFFF", { email: "sent" }, sender)).status).toBe(429)
  expect(await storedRefs()).toEqual(["KFFFFF"])
  expect((await post(request("KGGGGG"))).status).toBe(200)
  const database = await wholeDatabase()
  expect(database).toContain("KGGGGG")
  expect(database).not.toContain(sender["CF-Connecting-IP"])
})

describe("the Leads API", () => {
  test("asks for a token (401), and GitHub's push access to the repository (403)", async () => {
    await post(request("KAAAAA"))
    const none = await leadsApi()
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ error: "SIGN_IN_NEEDED", message: expect.stringMatching(/Sign in/) })
    const reader = await leadsApi(READER)
    expect(reader.status).toBe(403)
    expect(await reader.json()).toEqual({
      error: "NOT_THE_OWNER",
      message: expect.stringMatching(/cannot change the site's repository/),
    })
    expect((await leadsApi(READER, { method: "DELETE", ref: "KAAAAA" })).status).toBe(403)
    expect(await storedRefs()).toEqual(["KAAAAA"])
  })

  test("lists newest first with counts by month and page, exports CSV, and forgets one", async () => {
    const now = new Date()
    await insert("KMAAAA", before(now, 2), "/patios/")
    await insert("KMCCCC", before(now, 1), "/patios/")
    await insert("KMEEEE", before(now, 1, 1), "/driveways/")
    expect((await post(request("KNNNNN", { pagePath: "/driveways/" }))).status).toBe(200)
    const { leads, byMonth, byPage } = await listLeads()
    expect(leads.map(lead => lead.ref)).toEqual(["KNNNNN", "KMCCCC", "KMEEEE", "KMAAAA"])
    const monthOf = (lead: { received_at: string }) => lead.received_at.slice(0, 7)
    const months = [...new Set(leads.map(monthOf))]
    expect(byMonth).toEqual(
      months.map(month => ({ month, requests: leads.filter(lead => monthOf(lead) === month).length })),
    )
    expect(byPage).toEqual([
      { page: "/driveways/", requests: 2 },
      { page: "/patios/", requests: 2 },
    ])

    const csv = await leadsApi(OWNER, { query: "?format=csv" })
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/)
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
    expect(lines).toHaveLength(leads.length + 1)
    expect(lines.slice(1).map(line => line.split(",")[0])).toEqual(leads.map(lead => lead.ref))

    expect((await leadsApi(OWNER, { method: "DELETE", ref: "KNNNNN" })).status).toBe(204)
    expect((await listLeads()).leads.map(lead => lead.ref)).not.toContain("KNNNNN")
    expect((await leadsApi(OWNER, { method: "DELETE", ref: "KNNNNN" })).status).toBe(404)
  })
})

test("the Cron Trigger deletes the requests past the retention on its own, and keeps the rest", async () => {
  const now = new Date()
  await insert("KPPPPP", before(now, LEADS_RETENTION_MONTHS_DEFAULT, 1))
  await insert("KRRRRR", before(now, LEADS_RETENTION_MONTHS_DEFAULT, -1))
  await worker.scheduled(now)
  expect(await storedRefs()).toEqual(["KRRRRR"])
})

test("a host without the database answers 503 in words, so the form goes on by e-mail alone", async () => {
  const response = await post(request("KTTTTT"), {}, { DB: undefined })
  expect(response.status).toBe(503)
  expect(await response.json()).toEqual({ error: "NO_INBOX", message: expect.stringMatching(/no database/) })
})

describe("wrangler's own D1 commands, with no server", () => {
  const repoRoot = path.resolve(__dirname, "../..")
  const [{ database_name: database }] = readWranglerConfig().d1_databases
  let state: string
  beforeAll(() => {
    state = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-migrations-"))
  })
  afterAll(() => fs.rmSync(state, { recursive: true, force: true }))

  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, args, {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    })
    if (result.status !== 0) throw new Error(`${args.slice(0, 4).join(" ")} failed: ${result.stdout}${result.stderr}`)
    return result.stdout
  }
  /** scripts/serve.mjs's own applyMigrations: `wrangler d1 migrations apply --local` on the state folder. */
  const applyMigrations = () =>
    run([
      "--input-type=module",
      "-e",
      `import { applyMigrations } from ${JSON.stringify(pathToFileURL(path.join(repoRoot, "scripts/serve.mjs")).href)}
       applyMigrations(process.argv[1])`,
      state,
    ])
  /** `wrangler d1 execute --local` on the state folder, with the configuration applyMigrations wrote there. */
  const execute = (sql: string) =>
    JSON.parse(
      run([
        path.join(repoRoot, "node_modules/wrangler/bin/wrangler.js"),
        "d1",
        "execute",
        database,
        "--local",
        `--persist-to=${state}`,
        `--config=${path.join(state, "wrangler.json")}`,
        "--json",
        "--command",
        sql,
      ]),
    ) as { results: Record<string, unknown>[] }[]

  test("the migrations apply again over the data, and keep it", () => {
    applyMigrations()
    const now = new Date().toISOString()
    const refs = [makeReference(), makeReference()].sort()
    execute(
      refs
        .map(
          ref =>
            `INSERT INTO leads (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone) VALUES ('${ref}', '${now}', '${now}', 'then', 'Home', '/', 'Old Customer', '8015550100');`,
        )
        .join(""),
    )
    applyMigrations()
    const [kept, applied] = execute("SELECT ref FROM leads ORDER BY ref; SELECT name FROM d1_migrations ORDER BY name")
    expect(kept.results.map(row => row.ref)).toEqual(refs)
    const migrations = fs.readdirSync(path.join(repoRoot, "migrations")).filter(file => file.endsWith(".sql"))
    expect(applied.results.map(row => row.name)).toEqual(migrations.sort())
  }, 180_000)
})
