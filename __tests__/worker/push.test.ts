/**
 * @jest-environment node
 */
/*
 * The owner's pushes (worker/notify/): the devices the owner keeps through /api/push/subscriptions, and the push
 * each new request sends them after the visitor's answer. A stand-in push service (support/push-service.ts)
 * checks each push's VAPID token and decrypts it with the device's own key, so what is asserted is what the
 * phone's lock screen would show. GitHub is a stand-in too, for the owner's sign-in (worker/inbox/owner.ts).
 */
import fs from "node:fs"
import path from "node:path"
import business from "../../data/business.json"
import servicePages from "../../data/service-pages.json"
import { makeReference, makeSecret } from "../../src/lib/estimate/reference"
import { paths } from "../../src/lib/paths"
import { pushToOwner } from "../../worker/notify/push"
import { NO_PUSH_KEYS } from "../../worker/notify/push-routes"
import { makeDevice, makeVapidKeys, PushServiceStandIn, type TestDevice } from "../support/push-service"
import { GITHUB_STAND_IN, localWorker, SITE_ORIGIN, type LocalWorker } from "../support/worker"

const OWNER = "owner-token"
const READER = "reader-token"
const VISITOR = { name: "Dana Whitmore", phone: "(801) 555-0199" }

let worker: LocalWorker
let service: PushServiceStandIn
let settings: Record<string, string>
const realFetch = globalThis.fetch

/** GitHub's answer for the repository: push access for the owner's token, read access for another. */
function github(request: Request): Response {
  const token = request.headers.get("Authorization")?.replace(/^Bearer /, "")
  if (new URL(request.url).pathname !== "/repos/owner/site") return new Response("Not Found", { status: 404 })
  if (token !== OWNER && token !== READER) return new Response("Bad credentials", { status: 401 })
  return Response.json({ permissions: { push: token === OWNER } })
}

beforeAll(async () => {
  worker = await localWorker()
  settings = { ...(await makeVapidKeys()), GITHUB_REPO: "owner/site", GITHUB_API_URL: GITHUB_STAND_IN }
  jest.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (request.url.startsWith(GITHUB_STAND_IN)) return github(request)
    if (request.url.startsWith(service.origin)) return service.answer(request)
    return realFetch(input, init)
  })
})
afterAll(async () => {
  jest.restoreAllMocks()
  await worker.dispose()
})
beforeEach(async () => {
  service = new PushServiceStandIn("https://push.stand-in.test")
  await worker.db.batch(
    ["leads", "senders", "site_posts", "push_subscriptions"].map(table => worker.db.prepare(`DELETE FROM ${table}`)),
  )
})

const subscriptions = (method: string, body: unknown, token?: string) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}/api/push/subscriptions`, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
    settings,
  )

async function subscribe(name: string): Promise<TestDevice> {
  const device = service.addDevice(name)
  const response = await subscriptions("POST", { ...device.subscription, device: "iPhone" }, OWNER)
  expect(response.status).toBe(201)
  return device
}

function postRequest(page: { path: string; title: string }, options: { spam?: string; settings?: object } = {}) {
  const ref = makeReference()
  const secret = makeSecret()
  const body = {
    ref,
    secret,
    ...VISITOR,
    pageTitle: page.title,
    pagePath: page.path,
    sentAt: new Date().toISOString(),
    spam: "empty",
  }
  const request = new Request(`${SITE_ORIGIN}/api/requests`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": "203.0.113.7" },
    body: JSON.stringify({ ...body, spam: options.spam ?? "empty" }),
  })
  return { ref, secret, response: worker.fetch(request, options.settings ?? settings) }
}

const row = (ref: string) =>
  worker.db
    .prepare("SELECT received_at, pushed_at FROM leads WHERE ref = ?")
    .bind(ref)
    .first<{ received_at: string; pushed_at: string | null }>()

/** The time as the owner in Utah reads it: "3:05 PM". */
const utahTime = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-US", { timeZone: "America/Denver", hour: "numeric", minute: "2-digit" })

// The shipped content, whatever it holds: its first service page and its first city.
const servicePage = servicePages.pages[0]
const CITIES = path.resolve(__dirname, "../../data/cities")
const firstCity = JSON.parse(fs.readFileSync(path.join(CITIES, fs.readdirSync(CITIES)[0]), "utf8")) as {
  slug: string
  name: string
}

describe("a new request", () => {
  test("is pushed to each of the owner's devices with its service and time, never the visitor's phone or name", async () => {
    const devices = [await subscribe("phone"), await subscribe("tablet")]
    const { ref, response } = postRequest({ path: paths.service(servicePage.slug), title: "Anything" })
    expect((await response).status).toBe(200)
    expect(service.received.map(push => push.endpoint).sort()).toEqual(
      devices.map(device => device.subscription.endpoint).sort(),
    )
    const stored = await row(ref)
    for (const message of service.messages()) {
      expect(message.title).toContain(servicePage.name)
      expect(message.body).toContain(utahTime(stored!.received_at))
      expect(message.ref).toBe(ref)
      const shown = JSON.stringify(message)
      expect(shown).not.toContain(VISITOR.name)
      expect(shown.replace(/\D/g, "")).not.toContain(VISITOR.phone.replace(/\D/g, ""))
    }
    expect(stored!.pushed_at).not.toBeNull()
  })

  test("from a city's page names the city, as its file in data/cities/ spells it", async () => {
    await subscribe("phone")
    const { response } = postRequest({ path: paths.city(firstCity.slug), title: "Anything" })
    expect((await response).status).toBe(200)
    expect(service.messages()[0].title).toContain(firstCity.name)
  })

  test("is pushed as RFC 8291 says, signed for the push service with the business's own address", async () => {
    await subscribe("phone")
    await postRequest({ path: paths.home, title: "Home" }).response
    const [push] = service.received
    expect(push.headers.get("Content-Encoding")).toBe("aes128gcm")
    expect(push.headers.get("Urgency")).toBe("high")
    expect(Number(push.headers.get("TTL"))).toBeGreaterThan(0)
    expect(push.vapid.key).toBe(settings.VAPID_PUBLIC_KEY)
    expect(push.vapid.claims.aud).toBe(service.origin)
    expect(push.vapid.claims.sub).toBe(`mailto:${business.email}`)
    // RFC 8292 › 2: at most 24 hours ahead.
    const now = Date.now() / 1000
    expect(push.vapid.claims.exp).toBeGreaterThan(now)
    expect(push.vapid.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60)
    // Padded to one size, so the push's length tells the network nothing of its words.
    expect(push.bodyBytes).toBe(4096)
  })

  test("drops a device its push service says is gone, and still counts the others", async () => {
    const gone = await subscribe("old-phone")
    const kept = await subscribe("phone")
    service.status.set(gone.subscription.endpoint, 410)
    const { ref, response } = postRequest({ path: paths.estimate, title: "Free estimate" })
    expect((await response).status).toBe(200)
    const { results } = await worker.db
      .prepare("SELECT endpoint, last_push_at FROM push_subscriptions")
      .all<{ endpoint: string; last_push_at: string | null }>()
    expect(results.map(each => each.endpoint)).toEqual([kept.subscription.endpoint])
    expect(results[0].last_push_at).not.toBeNull()
    expect((await row(ref))!.pushed_at).not.toBeNull()
  })

  test("from a bot pushes nothing", async () => {
    await subscribe("phone")
    const { ref, response } = postRequest({ path: paths.home, title: "Home" }, { spam: "bot" })
    expect((await response).status).toBe(200)
    expect(service.received).toEqual([])
    expect((await row(ref))!.pushed_at).toBeNull()
  })

  test("is stored and answered 200 when the host has no push keys, and pushes nothing", async () => {
    await subscribe("phone")
    const withoutKeys = { ...settings, VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" }
    const { ref, response } = postRequest({ path: paths.home, title: "Home" }, { settings: withoutKeys })
    expect((await response).status).toBe(200)
    expect(service.received).toEqual([])
    expect((await row(ref))!.pushed_at).toBeNull()
  })

  test("pushes once: the visitor's repeat of the same request tells nobody again", async () => {
    await subscribe("phone")
    const first = postRequest({ path: paths.home, title: "Home" })
    await first.response
    const repeat = new Request(`${SITE_ORIGIN}/api/requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": "203.0.113.7" },
      body: JSON.stringify({
        ref: first.ref,
        secret: first.secret,
        ...VISITOR,
        pageTitle: "Home",
        pagePath: "/",
        sentAt: new Date().toISOString(),
        spam: "empty",
      }),
    })
    expect((await worker.fetch(repeat, settings)).status).toBe(200)
    expect(service.received).toHaveLength(1)
  })
})

describe("pushToOwner", () => {
  test("counts only the devices reached, and keeps a device whose push service failed for now", async () => {
    const failing = await subscribe("phone")
    service.status.set(failing.subscription.endpoint, 500)
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
    const message = { title: "Reminder", body: "Call back", ref: makeReference() }
    expect(await pushToOwner(worker.env(settings), message)).toEqual({ delivered: 0 })
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
    const kept = await worker.db.prepare("SELECT last_push_at FROM push_subscriptions").all()
    expect(kept.results).toEqual([{ last_push_at: null }])
  })
})

describe("the owner's devices", () => {
  test("the public key is given when the host has the keys, and none before, without an error status", async () => {
    const key = await worker.fetch(new Request(`${SITE_ORIGIN}/api/push/key`), settings)
    expect(await key.json()).toEqual({ publicKey: settings.VAPID_PUBLIC_KEY })
    const none = await worker.fetch(new Request(`${SITE_ORIGIN}/api/push/key`), { VAPID_PUBLIC_KEY: "" })
    expect(none.status).toBe(200)
    expect(await none.json()).toEqual({ publicKey: null, missing: NO_PUSH_KEYS })
  })

  test("are kept and forgotten for the owner alone", async () => {
    const device = service.addDevice("phone")
    expect((await subscriptions("POST", device.subscription)).status).toBe(401)
    expect((await subscriptions("POST", device.subscription, READER)).status).toBe(403)
    expect((await subscriptions("DELETE", { endpoint: device.subscription.endpoint }, READER)).status).toBe(403)
    const count = () => worker.db.prepare("SELECT COUNT(*) AS devices FROM push_subscriptions").first()
    expect(await count()).toEqual({ devices: 0 })
    expect((await subscriptions("POST", device.subscription, OWNER)).status).toBe(201)
    // The same device again updates its row.
    expect((await subscriptions("POST", device.subscription, OWNER)).status).toBe(200)
    expect(await count()).toEqual({ devices: 1 })
    expect((await subscriptions("DELETE", { endpoint: device.subscription.endpoint }, OWNER)).status).toBe(200)
    expect(await count()).toEqual({ devices: 0 })
    expect((await subscriptions("DELETE", { endpoint: device.subscription.endpoint }, OWNER)).status).toBe(404)
  })

  test("a subscription the Worker could not push to is refused in words", async () => {
    const { subscription } = makeDevice("https://push.stand-in.test/push/x")
    const refusals = [
      { ...subscription, endpoint: "http://push.stand-in.test/push/x" },
      { ...subscription, keys: { ...subscription.keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } },
      { ...subscription, keys: { ...subscription.keys, auth: "c2hvcnQ" } },
    ]
    for (const body of refusals) {
      const response = await subscriptions("POST", body, OWNER)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: "INVALID", message: expect.stringMatching(/endpoint|key|secret/) })
    }
  })
})
