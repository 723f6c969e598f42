/**
 * @jest-environment node
 */
/*
 * The host's own e-mail (worker/notify/host-email.ts), run by the Cron Trigger on a local D1: a request whose
 * e-mail the visitor's browser did not get out is e-mailed once, after the browser's grace, with today's
 * e-mail's content; never one the browser e-mailed or a bot's; retried with backoff; nothing without Email
 * Routing; and the inbox then tells a late browser that the owner has been told.
 */
import business from "../../data/business.json"
import type { EmailMessage } from "../../__mocks__/cloudflare-email"
import { leadSubject } from "../../src/lib/estimate/lead"
import { makeSecret } from "../../src/lib/estimate/reference"
import { telHref } from "../../src/lib/urls"
import type { SendEmail } from "../../worker/env"
import { backoffMinutes, GRACE_MINUTES, senderAddress } from "../../worker/notify/host-email"
import { mimeMessage } from "../../worker/notify/mime"
import { leadsViewLink } from "../../worker/notify/owner-email"
import { readMail } from "../support/mime"
import { localWorker, SITE_ORIGIN, type LocalWorker } from "../support/worker"

let worker: LocalWorker
beforeAll(async () => {
  worker = await localWorker()
})
afterAll(() => worker.dispose())
beforeEach(async () => {
  await worker.db.prepare("DELETE FROM leads").run()
  jest.spyOn(console, "error").mockImplementation(() => {})
})
afterEach(() => jest.restoreAllMocks())

const MINUTE = 60_000
const visitor = { name: "Dana Whitmore", phone: "(801) 555-0199", pageTitle: "Concrete Patios", pagePath: "/patios/" }
const details = { project: "Patio", size: "Two cars", when: "This month" }
const settings = { INBOX_POSTS_PER_HOUR: "1000" }

// Each request's secret, as its visitor's browser keeps it: every post and update of the request shows it.
const secrets = new Map<string, string>()
const secretOf = (ref: string) => secrets.get(ref) ?? secrets.set(ref, makeSecret()).get(ref)!

const inbox = async (path: string, method: string, body: Record<string, unknown>) =>
  worker.fetch(
    new Request(`${SITE_ORIGIN}/api/requests${path}`, {
      method,
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": "203.0.113.9" },
      body: JSON.stringify({ ...body, secret: secretOf(String(body.ref ?? path.slice(1))) }),
    }),
    settings,
  )

/** Posts a request as the form does; a refusal fails the test here, with the inbox's words. */
async function post(ref: string, spam = "empty") {
  const response = await inbox("", "POST", { ref, ...visitor, sentAt: "2026-11-27T22:05:00.000Z", spam })
  if (!response.ok) throw new Error(await response.text())
  return response
}

/** A stand-in for the `send_email` binding: what it was given, and a failure to throw while `failing` is set. */
function ownerEmail() {
  const sent: EmailMessage[] = []
  const stand = { sent, failing: null as Error | null, binding: {} as SendEmail }
  stand.binding = {
    send: async message => {
      if (stand.failing) throw stand.failing
      sent.push(message as EmailMessage)
    },
  }
  return stand
}

const rowOf = (ref: string) =>
  worker.db
    .prepare(
      "SELECT email, email_at, host_email_at, host_email_tries, host_email_next_at, host_email_note FROM leads WHERE ref = ?",
    )
    .bind(ref)
    .first<Record<string, string | number | null>>()

const minutesOn = (minutes: number) => new Date(Date.now() + minutes * MINUTE)

test("a request the browser never reported is e-mailed to the owner once, after the browser's grace", async () => {
  const mail = ownerEmail()
  expect((await post("7KCM9H")).status).toBe(200)
  await inbox("/7KCM9H", "PATCH", details)

  await worker.scheduled(minutesOn(GRACE_MINUTES - 1), { OWNER_EMAIL: mail.binding })
  expect(mail.sent).toHaveLength(0)

  const sentAt = minutesOn(GRACE_MINUTES + 1)
  await worker.scheduled(sentAt, { OWNER_EMAIL: mail.binding })
  expect(mail.sent).toHaveLength(1)
  const [message] = mail.sent
  expect(message.from).toBe(senderAddress({}))
  expect(message.to).toBe(business.email)

  const { headers, parts } = readMail(message.raw)
  expect(headers.from).toContain(`<${senderAddress({})}>`)
  expect(headers.to).toContain(`<${business.email}>`)
  expect(headers.subject).toBe(leadSubject({ ref: "7KCM9H", name: visitor.name }))
  expect(headers["message-id"]).toMatch(/^<7KCM9H\.\d+@[^>]+>$/)
  expect(new Date(headers.date).getTime()).toBe(Math.floor(sentAt.getTime() / 1000) * 1000)
  expect(parts.map(part => part.type)).toEqual(["text/plain; charset=UTF-8", "text/html; charset=UTF-8"])
  const [text, html] = parts.map(part => part.body)
  for (const words of [
    visitor.name,
    visitor.phone,
    visitor.pageTitle,
    visitor.pagePath,
    "7KCM9H",
    ...Object.values(details),
  ])
    expect(text).toContain(words)
  expect(text).toContain(leadsViewLink("7KCM9H"))
  expect(leadsViewLink("7KCM9H")).toBe(`${business.siteUrl}/admin/leads/#7KCM9H`)
  expect(html).toContain(`<a href="${telHref(visitor.phone)}">`)
  expect(html).toContain(`href="${leadsViewLink("7KCM9H")}"`)
  expect((await rowOf("7KCM9H"))?.host_email_at).toBe(sentAt.toISOString())

  await worker.scheduled(minutesOn(GRACE_MINUTES + 5), { OWNER_EMAIL: mail.binding })
  expect(mail.sent).toHaveLength(1)
})

test("after the host's e-mail the inbox answers told, and the browser's late 'sent' keeps both times", async () => {
  const mail = ownerEmail()
  expect(await (await post("7KCMAA")).json()).toMatchObject({ stored: true, told: false })
  await worker.scheduled(minutesOn(GRACE_MINUTES + 1), { OWNER_EMAIL: mail.binding })
  expect(await (await post("7KCMAA")).json()).toMatchObject({ stored: true, told: true })

  const hostEmailAt = (await rowOf("7KCMAA"))?.host_email_at
  await inbox("/7KCMAA", "PATCH", { email: "sent" })
  const row = await rowOf("7KCMAA")
  expect(row).toMatchObject({ email: "sent", host_email_at: hostEmailAt })
  expect(row?.email_at).toEqual(expect.any(String))
})

test("a request the browser's EmailJS sent, and a bot's, are never e-mailed by the host", async () => {
  const mail = ownerEmail()
  await post("7KCMHH")
  await inbox("/7KCMHH", "PATCH", { email: "sent" })
  await post("7KCMCC", "bot")
  await worker.scheduled(minutesOn(GRACE_MINUTES + 1), { OWNER_EMAIL: mail.binding })
  expect(mail.sent).toHaveLength(0)
})

test("a refused send is tried again after a backoff, and sent on a later run", async () => {
  const mail = ownerEmail()
  await post("7KCMGG")
  await inbox("/7KCMGG", "PATCH", { email: "failed", note: "refused: HTTP 426 quota" })
  mail.failing = new Error("destination address not verified")
  const first = minutesOn(GRACE_MINUTES + 1)
  await worker.scheduled(first, { OWNER_EMAIL: mail.binding })
  expect(await rowOf("7KCMGG")).toMatchObject({
    host_email_at: null,
    host_email_tries: 1,
    host_email_next_at: new Date(first.getTime() + backoffMinutes(1) * MINUTE).toISOString(),
    host_email_note: "destination address not verified",
  })

  mail.failing = null
  await worker.scheduled(new Date(first.getTime() + (backoffMinutes(1) - 1) * MINUTE), { OWNER_EMAIL: mail.binding })
  expect(mail.sent).toHaveLength(0)
  const later = new Date(first.getTime() + backoffMinutes(1) * MINUTE)
  await worker.scheduled(later, { OWNER_EMAIL: mail.binding })
  expect(mail.sent).toHaveLength(1)
  expect(readMail(mail.sent[0].raw).parts[0].body).toContain("refused: HTTP 426 quota")
  expect(await rowOf("7KCMGG")).toMatchObject({ host_email_at: later.toISOString(), host_email_note: null })
})

test("the backoff doubles from two minutes up to an hour", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMinutes)).toEqual([2, 4, 8, 16, 32, 60, 60, 60])
})

test("without Email Routing's binding nothing is sent and the request waits as before", async () => {
  await post("7KCMEE")
  await expect(worker.scheduled(minutesOn(GRACE_MINUTES + 1))).resolves.toBeUndefined()
  expect(await rowOf("7KCMEE")).toMatchObject({ host_email_at: null, host_email_tries: 0 })
})

test("EMAIL_FROM names the sender, on the site's domain by default", async () => {
  expect(senderAddress({})).toBe(`estimates@${new URL(business.siteUrl).hostname.replace(/^www\./, "")}`)
  const mail = ownerEmail()
  await post("7KCMFF")
  await worker.scheduled(minutesOn(GRACE_MINUTES + 1), { OWNER_EMAIL: mail.binding, EMAIL_FROM: "leads@example.org" })
  expect(mail.sent[0].from).toBe("leads@example.org")
  expect(readMail(mail.sent[0].raw).headers.from).toContain("<leads@example.org>")
})

test("a name in any script, and a line break in it, reach the owner as typed and never as a header", () => {
  const subject = leadSubject({ ref: "7KCM9H", name: "José Núñez-García 王小明\r\nBcc: someone@example.org" })
  const raw = mimeMessage({
    from: { address: "estimates@example.org", name: "Wasatch Concrete Co. website" },
    to: { address: "owner@example.org", name: "Zoë's Concrete" },
    subject,
    text: "Zoë Núñez\r\n",
    html: "<p>王小明</p>",
    date: new Date("2026-11-27T22:05:00.000Z"),
    messageId: "7KCM9H.1@example.org",
  })
  expect(
    raw
      .split("\r\n\r\n")[0]
      .split("\r\n")
      .every(line => line.length <= 78),
  ).toBe(true)
  expect(raw).not.toMatch(/^Bcc:/m)
  const { headers, parts } = readMail(raw)
  expect(headers.subject).toBe(subject)
  expect(headers.to).toBe("Zoë's Concrete <owner@example.org>")
  expect(headers.date).toBe("Fri, 27 Nov 2026 22:05:00 +0000")
  expect(parts.map(part => part.body)).toEqual(["Zoë Núñez\r\n", "<p>王小明</p>"])
})
