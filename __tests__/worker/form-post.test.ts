/**
 * @jest-environment node
 */
/*
 * The estimate form without its code (worker/inbox/form-post.ts), on a local D1 with the Worker's own handlers:
 * the browser's own POST of the form is stored as the script would store it, with a reference and a secret the
 * host makes, and ends on a page that shows the reference; a problem with what was typed keeps it in the form;
 * a bot's filled honeypot is kept and tells nobody; refusals give the business's phone number.
 */
import business from "../../data/business.json"
import { HONEYPOT_FIELD } from "../../src/lib/estimate/fields"
import { INBOX_FORM_PATH } from "../../src/lib/estimate/inbox-contract"
import { isReference } from "../../src/lib/estimate/reference"
import { isIsoTime } from "../../src/lib/estimate/lead"
import type { Fetcher } from "../../worker/env"
import { notifyOwnerOfLead } from "../../worker/notify/request-push"
import { localWorker, SITE_ORIGIN, type LocalWorker } from "../support/worker"

jest.mock("../../worker/notify/request-push", () => ({
  ...jest.requireActual("../../worker/notify/request-push"),
  notifyOwnerOfLead: jest.fn(async () => {}),
}))
const notify = notifyOwnerOfLead as jest.MockedFunction<typeof notifyOwnerOfLead>

const TITLE = "Concrete Patios in Utah | The tests' own title"
// The built page the visitor sent it from, as the static assets answer it.
const assets: Fetcher = {
  fetch: async request =>
    new URL(request.url).pathname === "/patios/"
      ? new Response(`<!DOCTYPE html><html><head><title>${TITLE.replace(/'/g, "&#x27;")}</title></head></html>`)
      : new Response("Not found", { status: 404 }),
}
const settings = { ASSETS: assets, INBOX_POSTS_PER_HOUR: "1000" }

let worker: LocalWorker
beforeAll(async () => {
  worker = await localWorker()
})
afterAll(() => worker.dispose())
beforeEach(async () => {
  await worker.db.batch(["leads", "senders", "site_posts"].map(table => worker.db.prepare(`DELETE FROM ${table}`)))
  notify.mockClear()
  jest.spyOn(console, "error").mockImplementation(() => {})
})
afterEach(() => jest.restoreAllMocks())

let addresses = 0
const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}, extra = {}) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}${INBOX_FORM_PATH}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE_ORIGIN,
        Referer: `${SITE_ORIGIN}/patios/`,
        "CF-Connecting-IP": `198.51.100.${++addresses}`,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    }),
    { ...settings, ...extra },
  )

const visitor = { name: "Dana Whitmore", phone: "(801) 555-0199", [HONEYPOT_FIELD]: "" }

test("the form's own post is stored with the page it came from, and ends on a page with its reference", async () => {
  const response = await postForm(visitor)
  expect(response.status).toBe(303)
  const location = response.headers.get("Location") ?? ""
  const ref = location.slice(`${INBOX_FORM_PATH}/`.length)
  expect(isReference(ref)).toBe(true)
  const row = await worker.db.prepare("SELECT * FROM leads WHERE ref = ?").bind(ref).first<Record<string, string>>()
  expect(row).toMatchObject({ name: visitor.name, phone: visitor.phone, page_path: "/patios/", page_title: TITLE })
  expect(row?.spam).toBe("empty")
  expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/)
  // When it was posted, as an ISO time the owner's view and the host's e-mail say on their own clocks.
  expect(isIsoTime(row?.sent_at)).toBe(true)
  expect(Math.abs(Date.parse(row!.sent_at) - Date.now())).toBeLessThan(60_000)
  // The owner's phones are told as of any request; the host's e-mail follows from the Cron Trigger.
  expect(notify).toHaveBeenCalledWith(expect.anything(), ref)

  const received = await worker.fetch(new Request(`${SITE_ORIGIN}${location}`), settings)
  expect(received.status).toBe(200)
  const html = await received.text()
  expect(html).toContain(ref)
  expect(html).toContain("Your estimate request has been sent")
  expect(html).toContain(business.phone)
  expect(received.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/)
})

test("a problem with what was typed says what, keeps the typing in the form, and stores nothing", async () => {
  const response = await postForm({ ...visitor, name: 'Dana "D" <Whitmore>', phone: "12" })
  expect(response.status).toBe(400)
  const html = await response.text()
  expect(html).toMatch(/role="alert">[^<]*phone/i)
  expect(html).toContain('value="Dana &#34;D&#34; &#60;Whitmore&#62;"')
  expect(html).toContain(`action="${INBOX_FORM_PATH}"`)
  expect((await worker.db.prepare("SELECT COUNT(*) AS n FROM leads").first<{ n: number }>())?.n).toBe(0)
})

test("a filled honeypot is a bot's: kept, marked, and nobody is told", async () => {
  const response = await postForm({ ...visitor, [HONEYPOT_FIELD]: "http://spam.example" })
  expect(response.status).toBe(303)
  const row = await worker.db.prepare("SELECT spam FROM leads").first<{ spam: string }>()
  expect(row?.spam).toBe("bot")
  expect(notify).not.toHaveBeenCalled()
})

test("refusals answer a page with the business's phone number, and store nothing", async () => {
  const cases: [Response, number][] = [
    [await postForm(visitor, { Origin: "https://elsewhere.example" }), 403],
    [await postForm(visitor, { "Content-Type": "application/json" }), 400],
    [await postForm({ ...visitor, name: "a".repeat(5_000) }), 413],
    [await postForm(visitor, {}, { INBOX_POSTS_PER_DAY: "0" }), 429],
    [await postForm(visitor, {}, { DB: undefined }), 503],
  ]
  for (const [response, status] of cases) {
    expect(response.status).toBe(status)
    expect(await response.text()).toContain(business.phone)
  }
  expect((await worker.db.prepare("SELECT COUNT(*) AS n FROM leads").first<{ n: number }>())?.n).toBe(0)
})
