/**
 * @jest-environment node
 */
/*
 * Only the visitor and the OWNER_SETTINGS touch a lead (issue 48), on a local D1 with the Worker's own handlers: each
 * attack tried on the inbox and the Leads API, and its answer. A stranger with a reference changes nothing and
 * learns nothing; floods meet the limits per network and the site's daily ceiling, and the OWNER_SETTINGS is told once;
 * settings that would hurt are refused in words; GitHub's failures are said as such; the CSV opens safely.
 */
import type { EmailMessage } from "../../__mocks__/cloudflare-email"
import { LEADS_PAGE, type LeadsAnswer, type LeadsPage } from "../../src/lib/estimate/inbox-contract"
import { makeSecret, REFERENCE_ALPHABET } from "../../src/lib/estimate/reference"
import type { SendEmail } from "../../worker/env"
import { CEILING_SUBJECT } from "../../worker/notify/ceiling"
import { pushToOwner } from "../../worker/notify/push"
import { OWNER_CHECK_TIMEOUT_MS } from "../../worker/inbox/owner"
import { senderOf } from "../../worker/inbox/rate-limit"
import { readMail } from "../support/mime"
import {
  GITHUB_STAND_IN,
  holdDate,
  localWorker,
  OWNER_SETTINGS,
  SITE_ORIGIN,
  type LocalWorker,
} from "../support/worker"

jest.mock("../../worker/notify/push", () => ({
  ...jest.requireActual("../../worker/notify/push"),
  pushToOwner: jest.fn(),
}))
const push = pushToOwner as jest.MockedFunction<typeof pushToOwner>

const visitor = { name: "Dana Whitmore", phone: "(801) 555-0199", pageTitle: "Concrete Patios", pagePath: "/patios/" }
const roomy = { INBOX_POSTS_PER_HOUR: "1000", INBOX_POSTS_PER_DAY: "1000" }

let worker: LocalWorker
beforeAll(async () => {
  worker = await localWorker()
})
afterAll(() => worker.dispose())

/** GitHub's API as the test has it answer: the request, and the signal the Worker gave fetch. */
let github: (request: Request, signal?: AbortSignal) => Promise<Response>
const realFetch = global.fetch
beforeEach(async () => {
  await worker.db.batch(["leads", "senders", "site_posts"].map(table => worker.db.prepare(`DELETE FROM ${table}`)))
  push.mockReset()
  push.mockResolvedValue({ delivered: 0 })
  github = async () => Response.json({ permissions: { push: true } })
  jest
    .spyOn(global, "fetch")
    .mockImplementation(async (input, init) =>
      String(input).startsWith(GITHUB_STAND_IN)
        ? github(new Request(input, init), init?.signal ?? undefined)
        : realFetch(input, init),
    )
  jest.spyOn(console, "error").mockImplementation(() => {})
})
afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
})

let addresses = 0
const anotherAddress = () => `198.51.100.${++addresses % 250}`

const inbox = (path: string, method: string, body: unknown, { address = anotherAddress(), settings = {} } = {}) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}/api/requests${path}`, {
      method,
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": address },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { ...roomy, ...settings },
  )

const request = (ref: string, secret: string, changes: Record<string, string> = {}) => ({
  ref,
  secret,
  ...visitor,
  sentAt: "2026-11-28T16:05:00.000Z",
  spam: "empty",
  ...changes,
})

const rowOf = (ref: string) =>
  worker.db.prepare("SELECT * FROM leads WHERE ref = ?").bind(ref).first<Record<string, string | null>>()

const leadsApi = (path = "", settings = {}) =>
  worker.fetch(new Request(`${SITE_ORIGIN}/api/leads${path}`, { headers: { Authorization: "Bearer owner-token" } }), {
    ...OWNER_SETTINGS,
    ...settings,
  })

/** The reference of the tests' own row `index`: "R" and five characters of the references' alphabet. */
const refOf = (index: number) =>
  "R" +
  Array.from({ length: 5 }, (_, place) => {
    const size = REFERENCE_ALPHABET.length
    return REFERENCE_ALPHABET[Math.floor(index / size ** (4 - place)) % size]
  }).join("")

/** Rows of the tests' own, received a minute apart, the newest last. */
async function insertRows(count: number, from = Date.UTC(2026, 10, 1)) {
  const statements = Array.from({ length: count }, (_, index) =>
    worker.db
      .prepare(
        `INSERT INTO leads (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone)
         VALUES (?1, ?2, ?2, 'then', 'Home', '/', 'Pat Owens', '(801) 555-0123')`,
      )
      .bind(refOf(index), new Date(from + index * 60_000).toISOString()),
  )
  for (let at = 0; at < statements.length; at += 500) await worker.db.batch(statements.slice(at, at + 500))
}

describe("a reference is no key", () => {
  test("a stranger's repeat post with the reference changes nothing, and is answered as any post is", async () => {
    const secret = makeSecret()
    const first = await inbox("", "POST", request("7KCM9H", secret))
    const stranger = await inbox(
      "",
      "POST",
      request("7KCM9H", makeSecret(), { name: "Mal Lory", phone: "(385) 555-0142" }),
    )
    const fresh = await inbox("", "POST", request("7KCMAA", makeSecret()))
    // One status and one shape for a new request, a repeat and a stranger's post: none says whether it existed.
    expect([first.status, stranger.status, fresh.status]).toEqual([200, 200, 200])
    const bodies = [await first.json(), await stranger.json(), await fresh.json()]
    expect(bodies.map(body => Object.keys(body).sort())).toEqual(Array(3).fill(["ref", "stored", "told"]))
    expect(await rowOf("7KCM9H")).toMatchObject({ name: visitor.name, phone: visitor.phone })

    const own = await inbox("", "POST", request("7KCM9H", secret, { name: "Dana W. Whitmore" }))
    expect(own.status).toBe(200)
    expect(await rowOf("7KCM9H")).toMatchObject({ name: "Dana W. Whitmore" })
  })

  test("an update needs the secret: without it the answer is the same as for a reference that never existed", async () => {
    const secret = makeSecret()
    await inbox("", "POST", request("7KCMCC", secret))
    const wrong = await inbox("/7KCMCC", "PATCH", { secret: makeSecret(), email: "sent" })
    const none = await inbox("/7KCMXX", "PATCH", { secret: makeSecret(), email: "sent" })
    const missing = await inbox("/7KCMCC", "PATCH", { email: "sent" })
    expect([wrong.status, none.status, missing.status]).toEqual([404, 404, 400])
    expect(await wrong.text()).toBe(await none.text())
    expect(await rowOf("7KCMCC")).toMatchObject({ email: "pending", project: null })

    const right = await inbox("/7KCMCC", "PATCH", { secret, email: "sent", project: "Patio" })
    expect(right.status).toBe(200)
    expect(await rowOf("7KCMCC")).toMatchObject({ email: "sent", project: "Patio" })
    // The inbox keeps the secret's hash, never the secret.
    expect(JSON.stringify(await rowOf("7KCMCC"))).not.toContain(secret)
  })

  test("no anonymous answer counts other requests", async () => {
    await insertRows(5)
    const body = await (await inbox("", "POST", request("7KCMEE", makeSecret()))).json()
    expect(body).toEqual({ ref: "7KCMEE", stored: true, told: false })
  })
})

describe("floods turned away, leads kept", () => {
  test("one IPv6 /64 is one sender, whichever of its addresses posts; another /64 is another", async () => {
    holdDate()
    const settings = { INBOX_POSTS_PER_HOUR: "3" }
    const statuses = []
    for (let host = 1; host <= 6; host++)
      statuses.push(
        (
          await inbox("", "POST", request(`7KV${"ACEFGH"[host - 1]}AA`, makeSecret()), {
            address: `2001:db8:1:2::${host.toString(16)}`,
            settings,
          })
        ).status,
      )
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    const refusal = await inbox("", "POST", request("7KVJAA", makeSecret()), {
      address: "2001:db8:1:2:ffff:ffff:ffff:ffff",
      settings,
    })
    expect(await refusal.json()).toEqual({
      error: "SENDER_LIMIT",
      message: expect.stringMatching(/Too many requests came from this network/),
    })
    const neighbour = await inbox("", "POST", request("7KVKAA", makeSecret()), { address: "2001:db8:1:3::1", settings })
    expect(neighbour.status).toBe(200)
  })

  test("an IPv4 address is its own sender, written plainly or inside IPv6", () => {
    expect(senderOf("203.0.113.9")).toBe("v4:203.0.113.9")
    expect(senderOf("::ffff:203.0.113.9")).toBe("v4:203.0.113.9")
    expect(senderOf("2001:DB8:0:0:1::7")).toBe("v6:2001:db8:0:0::/64")
    expect(senderOf("2001:db8::")).toBe("v6:2001:db8:0:0::/64")
    expect(senderOf("fe80::1%eth0")).toBe("unknown")
    expect(senderOf(null)).toBe("unknown")
  })

  test("past the site's daily ceiling every post is refused in words, and the OWNER_SETTINGS is told once", async () => {
    const sent: EmailMessage[] = []
    const ownerEmail: SendEmail = { send: async message => void sent.push(message as EmailMessage) }
    holdDate()
    const settings = { INBOX_POSTS_PER_DAY: "4", OWNER_EMAIL: ownerEmail }
    const statuses = []
    for (const ref of ["7KE3AA", "7KE3CC", "7KE3EE", "7KE3FF", "7KE3GG", "7KE3HH", "7KE3JJ"])
      statuses.push((await inbox("", "POST", request(ref, makeSecret()), { settings })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429])
    const refusal = await inbox("", "POST", request("7KE3KK", makeSecret()), { settings })
    expect(await refusal.json()).toEqual({
      error: "SITE_LIMIT",
      message: expect.stringMatching(/all the requests it takes in a day; this one goes to us by e-mail/),
    })
    expect(await rowOf("7KE3GG")).toBeNull()
    // Told once, by e-mail and by push, whatever number of posts follow.
    expect(sent).toHaveLength(1)
    const mail = readMail(sent[0].raw)
    expect(mail.headers.subject).toBe(CEILING_SUBJECT)
    expect(mail.parts[0].body).toContain("4 requests today")
    // Each stored request pushes its own; the ceiling's push is one.
    expect(push.mock.calls.filter(([, message]) => message.title === CEILING_SUBJECT)).toHaveLength(1)
  })

  test("the Leads view pages through 120 requests 50 at a time, with the counts over all of them", async () => {
    await insertRows(120)
    const first = (await (await leadsApi()).json()) as LeadsAnswer
    expect(first.leads).toHaveLength(LEADS_PAGE)
    expect(first.leads[0].ref).toBe(refOf(119))
    expect(first.counts).toEqual({ total: 120, toCall: 120, notEmailed: 120 })
    const second = (await (await leadsApi(`?before=${encodeURIComponent(first.next!)}`)).json()) as LeadsPage
    // An older page is the page alone: the counts came with the first.
    expect(Object.keys(second).sort()).toEqual(["leads", "next"])
    expect(second.leads[0].ref).toBe(refOf(69))
    const third = (await (await leadsApi(`?before=${encodeURIComponent(second.next!)}`)).json()) as LeadsPage
    expect(third.leads.map(lead => lead.ref)).toEqual(Array.from({ length: 20 }, (_, index) => refOf(19 - index)))
    expect(third.next).toBeNull()
    // One request alone, as the owner's e-mail links to it.
    const one = (await (await leadsApi(`?ref=${refOf(3)}`)).json()) as LeadsPage
    expect(one.leads.map(lead => lead.ref)).toEqual([refOf(3)])
  })
})

describe("settings that cannot hurt", () => {
  test.each(["0", "121", "1.5", "two", "-1"])(
    "a retention of %s months is refused in words and deletes nothing",
    async months => {
      await insertRows(28, Date.UTC(2020, 0, 1))
      const response = await inbox("", "POST", request("7KR4AA", makeSecret()), {
        settings: { LEADS_RETENTION_MONTHS: months },
      })
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({
        error: "SETTING",
        message: expect.stringMatching(/LEADS_RETENTION_MONTHS .* from 1 to 120/),
      })
      const { count } = (await worker.db.prepare("SELECT COUNT(*) AS count FROM leads").first<{ count: number }>())!
      expect(count).toBe(28)
    },
  )

  test("the host makes its salt with the first post and keeps it; no sender row holds an address", async () => {
    await inbox("", "POST", request("7KT4AA", makeSecret()), { address: "203.0.113.77" })
    const salt = await worker.db
      .prepare("SELECT value FROM host_values WHERE name = 'address_salt'")
      .first<{ value: string }>()
    expect(salt?.value).toMatch(/^[0-9a-f]{64}$/)
    await inbox("", "POST", request("7KT4CC", makeSecret()), { address: "203.0.113.78" })
    const again = await worker.db
      .prepare("SELECT value FROM host_values WHERE name = 'address_salt'")
      .first<{ value: string }>()
    expect(again?.value).toBe(salt?.value)
    const senders = JSON.stringify((await worker.db.prepare("SELECT * FROM senders").all()).results)
    expect(senders).not.toContain("203.0.113")
  })

  test("the Cron Trigger deletes past hours' sender counts", async () => {
    await inbox("", "POST", request("7KT4EE", makeSecret()))
    await worker.scheduled(new Date(Date.now() + 3_600_000))
    expect((await worker.db.prepare("SELECT COUNT(*) AS n FROM senders").first<{ n: number }>())?.n).toBe(0)
  })

  test("GitHub slow, failing or rate-limited is said as such (503), never as no permission", async () => {
    github = async () => new Response("oops", { status: 502 })
    let response = await leadsApi()
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      error: "GITHUB_UNAVAILABLE",
      message: expect.stringMatching(/GitHub is failing or limiting/),
    })

    github = async () =>
      new Response('{"message":"API rate limit exceeded"}', { status: 403, headers: { "x-ratelimit-remaining": "0" } })
    expect((await leadsApi()).status).toBe(503)

    github = async () => new Response('{"message":"Bad credentials"}', { status: 401 })
    response = await leadsApi()
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: "SIGN_IN_REFUSED",
      message: expect.stringMatching(/expired or was revoked/),
    })

    github = async () => Response.json({ permissions: { push: false } })
    expect((await leadsApi()).status).toBe(403)

    // Silent: the check gives up after its time limit. The stand-in waits on the Worker's own signal: a Request's
    // copy of it follows it only while that Request is held, and one collected first never heard the abort (the
    // test then ran out its 30 s, once in CI).
    github = (_request, signal) =>
      new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }))
    const started = Date.now()
    response = await leadsApi()
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      error: "GITHUB_UNAVAILABLE",
      message: expect.stringMatching(/did not answer within 5 seconds/),
    })
    // Given up on its own, not at the test's end: a loaded machine adds seconds to the database's own calls.
    expect(Date.now() - started).toBeLessThan(OWNER_CHECK_TIMEOUT_MS * 3)
  }, 30_000)
})

describe("clean at the door and in the CSV", () => {
  test("wrong shapes are 400, a body too large 413, and a field every object inherits is unknown", async () => {
    const secret = makeSecret()
    const cases: [unknown, number][] = [
      [{ ...request("7KC4AA", secret), constructor: "x" }, 400],
      [{ ...request("7KC4AA", secret), name: 42 }, 400],
      [{ ...request("7KC4AA", secret), phone: { number: 1 } }, 400],
      [[request("7KC4AA", secret)], 400],
      [{ ...request("7KC4AA", secret), name: "a".repeat(5_000) }, 413],
    ]
    for (const [body, status] of cases) expect((await inbox("", "POST", body)).status).toBe(status)
    expect(await rowOf("7KC4AA")).toBeNull()
  })

  test("bidirectional and control characters are out of every stored text", async () => {
    const secret = makeSecret()
    await inbox(
      "",
      "POST",
      request("7KC4CC", secret, { name: "Dana\u202E Whit\u0000more", pageTitle: "Patios\u2066!" }),
    )
    await inbox("/7KC4CC", "PATCH", { secret, project: "Pa\u202Etio", email: "failed", note: "quota\u200F" })
    expect(await rowOf("7KC4CC")).toMatchObject({
      name: "Dana Whitmore",
      page_title: "Patios!",
      project: "Patio",
      email_note: "quota",
    })
  })

  test("the CSV starts with the UTF-8 mark and makes every formula trigger inert", async () => {
    const secret = makeSecret()
    const tricky = ["=1+1", " =HYPERLINK(1)", "\uFF1DSUM(A1)", "+1", "-2", "@A1", "\uFF20A1", "\uFF0B1", "Zoë Ñúñez"]
    for (const [index, name] of tricky.entries())
      await inbox("", "POST", request(`7KF${"ACEFGHJKM"[index]}AA`, secret, { name, phone: "801 555 0100" }))
    // A note is stored as the browser wrote it, spaces first included: a spreadsheet skips them and runs the rest.
    await inbox("/7KFAAA", "PATCH", { secret, email: "failed", note: " =cmd|' /C calc'!A0" })
    const response = await leadsApi("?format=csv")
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    for (const name of tricky.slice(0, -1)) expect(text).toContain(`'${name.trim() === name ? name : name.trim()}`)
    expect(text).toContain("' =cmd|")
    expect(text).toContain(",Zoë Ñúñez,")
    expect(text).not.toContain("\0")
  })
})
