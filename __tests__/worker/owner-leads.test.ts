/**
 * @jest-environment node
 */
/*
 * Who was told and who was called, on a local D1: the owner's Called mark (PATCH /api/leads/<ref>), the Leads
 * API's ways of telling the OWNER_SETTINGS and its median time to call, the one reminder push for a request not called
 * an hour into opening hours (worker/notify/reminder.ts), and the opening hours it counts (business-hours.ts).
 * GitHub and the push service are stood in for; the hours are the tests' own, or read from data/.
 */
import type { LeadsAnswer } from "../../src/lib/estimate/inbox-contract"
import { isOpenAt, openMillisBetween, type OpeningHours } from "../../worker/notify/business-hours"
import { pushToOwner } from "../../worker/notify/push"
import { REMIND_AFTER_MINUTES, remindUncalled } from "../../worker/notify/reminder"
import { GITHUB_STAND_IN, localWorker, OWNER_SETTINGS, SITE_ORIGIN, type LocalWorker } from "../support/worker"

// Only the sending is stood in for; whether the keys are set is the module's own answer.
jest.mock("../../worker/notify/push", () => ({
  ...jest.requireActual("../../worker/notify/push"),
  pushToOwner: jest.fn(),
}))
const push = pushToOwner as jest.MockedFunction<typeof pushToOwner>

const MINUTE = 60_000
const pushKeys = { VAPID_PUBLIC_KEY: "public", VAPID_PRIVATE_KEY: "private" }
// Open every minute of every day, on UTC's clock: the reminder's hour is then an hour.
const ALWAYS: OpeningHours = [
  {
    days: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    opens: "00:00",
    closes: "24:00",
  },
]
const always = { hours: ALWAYS, timeZone: "UTC" }

let worker: LocalWorker
beforeAll(async () => {
  worker = await localWorker()
})
afterAll(() => worker.dispose())

const realFetch = global.fetch
beforeEach(async () => {
  await worker.db.prepare("DELETE FROM leads").run()
  push.mockReset()
  push.mockResolvedValue({ delivered: 1 })
  // GitHub says the owner's token may push to the repository; every other address is fetched as it is.
  jest
    .spyOn(global, "fetch")
    .mockImplementation(async (input, init) =>
      String(input).startsWith(GITHUB_STAND_IN)
        ? Response.json({ permissions: { push: true } })
        : realFetch(input, init),
    )
})
afterEach(() => jest.restoreAllMocks())

const ago = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE).toISOString()

/** A stored request of the tests' own, received at `receivedAt`. */
const insert = (ref: string, receivedAt: string, changes: { called_at?: string; spam?: string } = {}) =>
  worker.db
    .prepare(
      `INSERT INTO leads (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone, spam, called_at)
       VALUES (?1, ?2, ?2, 'then', 'Home', '/', 'Pat Owens', '(801) 555-0123', ?3, ?4)`,
    )
    .bind(ref, receivedAt, changes.spam ?? "empty", changes.called_at ?? null)
    .run()

const leadsApi = (path = "", init: RequestInit = {}, settings = {}) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}/api/leads${path}`, {
      ...init,
      headers: { Authorization: "Bearer owner-token", "Content-Type": "application/json" },
    }),
    { ...OWNER_SETTINGS, ...settings },
  )

const columns = (ref: string) =>
  worker.db.prepare("SELECT called_at, reminded_at FROM leads WHERE ref = ?").bind(ref).first()

test("Called records the time once, and the reminder is never pushed for a called request", async () => {
  const now = new Date()
  await insert("7KCM9H", ago(now, 120))
  const response = await leadsApi("/7KCM9H", { method: "PATCH", body: JSON.stringify({ called: true }) })
  expect(response.status).toBe(200)
  const { calledAt } = (await response.json()) as { calledAt: string }
  expect((await columns("7KCM9H"))?.called_at).toBe(calledAt)
  // Pressed again: the first time stays, the time to call is measured to it.
  await leadsApi("/7KCM9H", { method: "PATCH", body: JSON.stringify({ called: true }) })
  expect((await columns("7KCM9H"))?.called_at).toBe(calledAt)

  expect(await remindUncalled(worker.env(pushKeys), now, always)).toBe(0)
  expect(push).not.toHaveBeenCalled()
})

test("the reminder is pushed once for a request not called an hour on, and not before the hour", async () => {
  const now = new Date()
  await insert("7KCMAA", ago(now, REMIND_AFTER_MINUTES + 1))
  await insert("7KCMCC", ago(now, REMIND_AFTER_MINUTES - 5))
  await insert("7KCMEE", ago(now, REMIND_AFTER_MINUTES + 1), { spam: "bot" })
  expect(await remindUncalled(worker.env(pushKeys), now, always)).toBe(1)
  expect(push).toHaveBeenCalledTimes(1)
  // Like the request's own push, the lock screen shows the page and the time, never the visitor's name or phone.
  const reminder = push.mock.calls[0][1]
  expect(reminder).toMatchObject({ ref: "7KCMAA", title: expect.stringContaining("Home") })
  expect(JSON.stringify(reminder)).not.toMatch(/Pat Owens|555-0123/)
  expect((await columns("7KCMAA"))?.reminded_at).toBe(now.toISOString())

  await remindUncalled(worker.env(pushKeys), new Date(now.getTime() + 2 * MINUTE), always)
  expect(push).toHaveBeenCalledTimes(1)
})

test("a reminder no device took is tried again; without push keys it is marked and never tried", async () => {
  const now = new Date()
  await insert("7KCMFF", ago(now, REMIND_AFTER_MINUTES + 1))
  push.mockResolvedValue({ delivered: 0 })
  await remindUncalled(worker.env(pushKeys), now, always)
  expect((await columns("7KCMFF"))?.reminded_at).toBeNull()
  push.mockResolvedValue({ delivered: 1 })
  await remindUncalled(worker.env(pushKeys), new Date(now.getTime() + 2 * MINUTE), always)
  expect(push).toHaveBeenCalledTimes(2)
  expect((await columns("7KCMFF"))?.reminded_at).not.toBeNull()

  await insert("7KCMGG", ago(now, REMIND_AFTER_MINUTES + 1))
  push.mockClear()
  await remindUncalled(worker.env(), now, always)
  expect(push).not.toHaveBeenCalled()
  expect((await columns("7KCMGG"))?.reminded_at).toBe(now.toISOString())
})

test("the Cron Trigger reminds during the business's own hours (data/business.json)", async () => {
  // The first quarter hour from a fixed Monday on which the request has waited an hour of opening hours.
  const monday = new Date("2026-11-30T00:00:00.000Z")
  let now = monday
  while (openMillisBetween(new Date(now.getTime() - 90 * MINUTE), now) < REMIND_AFTER_MINUTES * MINUTE) {
    now = new Date(now.getTime() + 15 * MINUTE)
    if (now.getTime() - monday.getTime() > 7 * 24 * 60 * MINUTE) throw new Error("business.json has no open hour.")
  }
  expect(isOpenAt(now)).toBe(true)
  await insert("7KCMHH", ago(now, 90))
  await worker.scheduled(now, pushKeys)
  expect(push).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ ref: "7KCMHH" }))
})

test("opening hours are counted on the business's clock, across a closed weekend", () => {
  const weekdays: OpeningHours = [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
  ]
  // Friday 4:30 PM to Monday 9:30 AM in Utah (UTC−7 in November): half an hour on each side.
  const friday = new Date("2026-11-27T23:30:00.000Z")
  const monday = new Date("2026-11-30T16:30:00.000Z")
  expect(openMillisBetween(friday, monday, weekdays, "America/Denver")).toBe(60 * MINUTE)
  expect(isOpenAt(friday, weekdays, "America/Denver")).toBe(true)
  expect(isOpenAt(new Date("2026-11-28T18:00:00.000Z"), weekdays, "America/Denver")).toBe(false)
  expect(isOpenAt(new Date("2026-11-30T15:59:00.000Z"), weekdays, "America/Denver")).toBe(false)
})

test("the Leads API says who was told and called, which ways are set up, and the median time to call", async () => {
  const now = new Date()
  await insert("7KCMJJ", ago(now, 300), { called_at: ago(now, 290) })
  await insert("7KCMKK", ago(now, 200), { called_at: ago(now, 170) })
  await insert("7KCMMM", ago(now, 100), { called_at: ago(now, 50) })
  await insert("7KCMNN", ago(now, 100), { called_at: ago(now, 99), spam: "bot" })
  await insert("7KCMPP", ago(now, 91 * 24 * 60), { called_at: ago(now, 91 * 24 * 60 - 1) })
  await worker.db
    .prepare("UPDATE leads SET host_email_note = 'destination address not verified' WHERE ref = '7KCMMM'")
    .run()

  const bare = (await (await leadsApi()).json()) as LeadsAnswer
  expect(bare.channels).toEqual({ push: false, hostEmail: false, hostEmailError: "destination address not verified" })
  // The three of a person in the last 90 days took 10, 30 and 50 minutes.
  expect(bare.medianMinutesToCall).toBe(30)
  expect(bare.leads.find(lead => lead.ref === "7KCMKK")).toMatchObject({
    called_at: ago(now, 170),
    host_email_at: null,
    pushed_at: null,
  })

  const binding = { send: async () => undefined }
  const full = (await (await leadsApi("", {}, { ...pushKeys, OWNER_EMAIL: binding })).json()) as LeadsAnswer
  expect(full.channels).toMatchObject({ push: true, hostEmail: true })

  await worker.db.prepare("DELETE FROM leads WHERE called_at IS NOT NULL").run()
  expect(((await (await leadsApi()).json()) as LeadsAnswer).medianMinutesToCall).toBeNull()
})

test("the CSV says when the OWNER_SETTINGS was told and called", async () => {
  const now = new Date()
  await insert("7KCMRR", ago(now, 30), { called_at: ago(now, 20) })
  const [header, line] = (await (await leadsApi("?format=csv")).text()).trim().split("\r\n")
  expect(header.split(",")).toEqual(expect.arrayContaining(["host_email_at", "pushed_at", "called_at"]))
  expect(line).toContain(ago(now, 20))
})
