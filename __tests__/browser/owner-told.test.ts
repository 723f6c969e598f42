/*
 * The owner hears of every request from the host, whatever the visitor's browser does: in Chromium against the
 * built site on the Worker's runtime (`wrangler dev`, its local D1, its local send_email binding and its Cron
 * Trigger at /__scheduled), the local stand-in for EmailJS, and a stand-in push service that decrypts each push
 * with the device's own keys (RFC 8291). The host waits no minutes before its own e-mail here
 * (HOST_EMAIL_AFTER_MINUTES=0); the unit tier holds the wait, the backoff and the reminder (__tests__/worker/).
 */
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import business from "../../data/business.json"
import { siteRoot } from "../support/site"
import { readMail } from "../support/mime"
import { makeVapidKeys, PushServiceStandIn, type TestDevice } from "../support/push-service"
import {
  estimateForm,
  eventually,
  runStandInForFile,
  sendFromEstimatePage,
  setStandInMode,
  submitAsNewVisitor,
} from "./estimate-support"
import { leadOf, listLeads, OWNER_TOKEN, serveWithInbox, type InboxSite } from "./inbox-host"
import { setUpBrowser } from "./support"

jest.setTimeout(180_000)

/** Visitors whose press-to-push and press-to-e-mail times the closing note's median is taken from. */
const MEASURED = 5

let site: InboxSite
let pushes: PushServiceStandIn
let pushServer: http.Server
let phone: TestDevice

async function startPushService(): Promise<void> {
  pushServer = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const headers = new Headers(
      Object.entries(incoming.headers).map(([key, value]): [string, string] => [key, String(value)]),
    )
    const request = new Request(`${pushes.origin}${incoming.url}`, {
      method: incoming.method,
      headers,
      body: Buffer.concat(chunks),
    })
    const answer = await pushes.answer(request).catch(error => new Response(String(error), { status: 400 }))
    outgoing.writeHead(answer.status).end(await answer.text())
  })
  await new Promise<void>(resolve => pushServer.listen(0, "127.0.0.1", resolve))
  pushes = new PushServiceStandIn(`http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`)
}

const subscribe = (device: TestDevice) =>
  fetch(`${site.url}/api/push/subscriptions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${OWNER_TOKEN}` },
    body: JSON.stringify({ ...device.subscription, device: "Owner's phone" }),
  })

const browser = setUpBrowser({
  serve: async () => {
    await startPushService()
    const keys = await makeVapidKeys()
    site = await serveWithInbox(siteRoot, {
      bindings: { ...keys, HOST_EMAIL_AFTER_MINUTES: "0", INBOX_POSTS_PER_HOUR: "500" },
    })
    return {
      ...site,
      close: async () => {
        await site.close()
        await new Promise(resolve => pushServer.close(resolve))
      },
    }
  },
})
runStandInForFile()

beforeAll(async () => {
  phone = pushes.addDevice("owners-phone")
  expect((await subscribe(phone)).status).toBe(201)
})

/** Runs the Worker's Cron Trigger once, as Cloudflare does every two minutes. */
async function runCron() {
  const answer = await fetch(`${site.url}/__scheduled`)
  expect(answer.status).toBe(200)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** The push that reached the phone for a request, decrypted: what its lock screen shows. */
const pushFor = (ref: string) => pushes.messages().find(message => message.ref === ref)

test("a tab closed at once with the mail service down: a push within seconds, then the host's own e-mail, once", async () => {
  await setStandInMode("error")
  const visitors: { name: string; phone: string; ref: string; pressed: number; pushed: number }[] = []
  for (let visit = 0; visit < MEASURED; visit++) {
    const page = await browser.newPage()
    await browser.open(page, "/estimate/")
    const stored = page.waitForResponse(response => response.url().endsWith("/api/requests"))
    const pressed = Date.now()
    const typed = await submitAsNewVisitor(estimateForm(page))
    const { ref } = (await (await stored).json()) as { ref: string }
    await page.context().close()
    browser.takeConsoleErrors(page)
    await eventually(
      () => pushFor(ref),
      message => message !== undefined,
      20_000,
    )
    visitors.push({ ...typed, ref, pressed, pushed: Date.now() })
  }

  const before = site.emails?.length ?? 0
  await runCron()
  const files = await eventually(
    () => site.emails?.slice(before) ?? [],
    sent => sent.length >= MEASURED,
    30_000,
  )
  const mailed = Date.now()
  expect(files).toHaveLength(MEASURED)
  const mails = files.map(file => readMail(fs.readFileSync(file, "utf8")))
  expect(mails.map(read => read.headers.subject).sort()).toEqual(
    visitors.map(visitor => `Estimate request ${visitor.ref} from ${visitor.name}`).sort(),
  )
  for (const visitor of visitors) {
    const mail = mails.find(read => read.headers.subject?.includes(visitor.ref))
    expect(mail?.headers.to).toContain(business.email)
    const html = mail?.parts.find(part => part.type.startsWith("text/html"))?.body ?? ""
    expect(html).toContain(visitor.name)
    expect(html).toContain(`tel:`)
    expect(html).toContain(`/admin/leads/#${visitor.ref}`)
    // The lock screen shows the page's service or city and the time, never who asked or their number.
    const shown = JSON.stringify(pushFor(visitor.ref))
    expect(shown).not.toContain(visitor.phone)
    expect(shown).not.toContain(visitor.name)
    expect(pushFor(visitor.ref)?.body).toMatch(/\d{1,2}:\d{2}/)
  }

  // Another run, and the owner has each request once.
  await runCron()
  await new Promise(resolve => setTimeout(resolve, 1_000))
  expect(site.emails?.length).toBe(before + MEASURED)
  const rows = (await listLeads(site)).leads.filter(lead => visitors.some(visitor => visitor.ref === lead.ref))
  expect(rows.map(row => Boolean(row.host_email_at && row.pushed_at))).toEqual(visitors.map(() => true))
  console.log(
    `the owner told, median of ${MEASURED} on the Worker's runtime: the push ${median(
      visitors.map(visitor => visitor.pushed - visitor.pressed),
    )} ms after the press, the host's e-mail ${median(visitors.map(visitor => mailed - visitor.pressed))} ms ` +
      `after it with the Cron Trigger run at once (on Cloudflare it runs every two minutes, after HOST_EMAIL_AFTER_MINUTES)`,
  )
})

test("with EmailJS working the owner gets its e-mail and the host sends none", async () => {
  await setStandInMode("ok")
  const { typed } = await sendFromEstimatePage(browser)
  expect((await leadOf(site, typed.name, email => email === "sent", 20_000))?.email).toBe("sent")
  const before = site.emails?.length ?? 0
  await runCron()
  await new Promise(resolve => setTimeout(resolve, 1_500))
  expect(site.emails?.length).toBe(before)
})

test("a phone whose push service answers 410 is dropped, and the next request is not pushed to it", async () => {
  await setStandInMode("ok")
  const gone = pushes.addDevice("old-phone")
  expect((await subscribe(gone)).status).toBe(201)
  pushes.status.set(gone.subscription.endpoint, 410)
  const pushedTo = () => pushes.received.filter(push => push.endpoint === gone.subscription.endpoint).length
  for (let request = 0; request < 2; request++) {
    const { typed } = await sendFromEstimatePage(browser)
    const ref = (await listLeads(site)).leads.find(lead => lead.name === typed.name)?.ref ?? ""
    // The owner's phone still hears of each one.
    await eventually(
      () => pushFor(ref),
      message => message !== undefined,
      20_000,
    )
    expect(pushedTo()).toBe(1)
  }
})
