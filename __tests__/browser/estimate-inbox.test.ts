/*
 * No request lost to the mail service, in Chromium against the built site served with its inbox (the local D1
 * under `wrangler dev`) and the local stand-in for EmailJS: the mail service answering 503, 429, a quota
 * answer, not reachable while the site answers, or never answering, and a visitor who closes the tab at once and never comes
 * back. Each time the request is in the inbox, the visitor is told it was received, and the owner learns of an
 * e-mail that did not go out (the host's own e-mail, run here by the Cron Trigger at /__scheduled); when the
 * service recovers it is delivered once. The time from the press to its answer, with the inbox and without it, is
 * `npm run bench -- --received`'s.
 */
import fs from "node:fs"
import type { Page, Route } from "playwright-core"
import { HOLD_LIMIT_MS } from "../../src/browser/estimate/early-submit"
import { SEND_TIMEOUT_MS } from "../../src/lib/estimate/send-timing"
import { readMail } from "../support/mime"
import { readPage, siteRoot } from "../support/site"
import {
  SEND_URL,
  entriesFrom,
  estimateForm,
  eventually,
  runStandInForFile,
  sendFromEstimatePage,
  setStandInMode,
  submitAsNewVisitor,
  visitor,
} from "./estimate-support"
import { leadOf, OWNER_TOKEN, serveWithInbox, type InboxSite } from "./inbox-host"
import { PHONE, setUpBrowser } from "./support"

jest.setTimeout(120_000)

let site: InboxSite
const browser = setUpBrowser({
  // The Cron Trigger runs only when a test asks (/__scheduled), and then e-mails at once.
  serve: async () =>
    (site = await serveWithInbox(siteRoot, {
      bindings: { INBOX_POSTS_PER_HOUR: "500", HOST_EMAIL_AFTER_MINUTES: "0" },
    })),
})
runStandInForFile()

/** The owner's row of a visitor's request, once it is there and `done` holds. */
const rowOf = (name: string, done: (email: string | undefined) => boolean = email => email !== undefined) =>
  // Past the form's own 15 s wait for a mail service that never answers.
  leadOf(site, name, done, SEND_TIMEOUT_MS + 10_000)

/** Requests the mail service "never answers"; dropped, not let through late, when the service recovers. */
const held: Route[] = []

/** A way the mail service fails, set up before the page opens, and what the test does once the visitor has sent. */
type Failure = [string, (page: Page) => Promise<unknown>, (page: Page, name: string) => Promise<unknown>]
const nothingMore = async () => {}

const failures: Failure[] = [
  ["answering 503", () => setStandInMode("error"), nothingMore],
  ["answering 429", () => setStandInMode("busy"), nothingMore],
  ["answering its quota's 426", () => setStandInMode("quota"), nothingMore],
  [
    "unreachable while the site answers",
    page => page.route(SEND_URL, route => route.abort("connectionrefused")),
    nothingMore,
  ],
  // The request is held and never answered: the form gives up after its 15 s, on the page's clock, moved on once
  // the inbox has stored the request (its own wait is not run down with it).
  [
    "never answering",
    async page => {
      await page.clock.install()
      await page.route(SEND_URL, route => void held.push(route))
    },
    async (page, name) => {
      await rowOf(name)
      await eventually(
        () => held.length,
        count => count > 0,
      )
      await page.clock.fastForward(SEND_TIMEOUT_MS + 1_000)
    },
  ],
]

describe("when the mail service fails, the inbox has the request", () => {
  test.each(failures)(
    "the mail service %s: received, marked not e-mailed, then delivered once",
    async (_, fail, sent) => {
      const page = await browser.newPage()
      await fail(page)
      await browser.open(page, "/estimate/")
      const form = estimateForm(page)
      const typed = await submitAsNewVisitor(form)
      await sent(page, typed.name)
      await form.success.waitFor()
      const row = await rowOf(typed.name, email => email === "failed")
      expect(row?.email).toBe("failed")
      expect(await form.section.innerText()).toContain(row?.ref)
      expect(entriesFrom(typed.name)).toHaveLength(0)
      browser.takeConsoleErrors(page)

      await setStandInMode("ok")
      await Promise.all(held.splice(0).map(route => route.abort("timedout")))
      await page.unrouteAll()
      const next = await page.context().newPage()
      await browser.open(next, "/")
      expect((await rowOf(typed.name, email => email === "sent"))?.email).toBe("sent")
      const delivered = await eventually(
        () => entriesFrom(typed.name),
        entries => entries.length > 0,
      )
      expect(delivered).toHaveLength(1)
      // Another page view finds nothing left to send.
      await browser.open(next, "/locations/")
      await next.waitForLoadState("networkidle")
      expect(entriesFrom(typed.name)).toHaveLength(1)
      // A held request, dropped once the service recovered, is logged as timed out.
      browser.takeConsoleErrors(page)
    },
  )

  test("a tab closed at once, never to come back: the inbox has it, the host e-mails it, and no visitor hears of it", async () => {
    await setStandInMode("error")
    const page = await browser.newPage()
    await browser.open(page, "/estimate/")
    const gone = await submitAsNewVisitor(estimateForm(page))
    await page.context().close()
    // The mail service's 500 may reach the page's console before the tab closes, as the scenario intends.
    browser.takeConsoleErrors(page)
    const row = await rowOf(gone.name)
    expect(row?.email).not.toBe("sent")
    // The host's own e-mail tells the owner (worker/notify/host-email.ts).
    const before = site.emails?.length ?? 0
    expect((await fetch(`${site.url}/__scheduled`)).status).toBe(200)
    const mailed = await eventually(
      () => (site.emails ?? []).slice(before).map(file => readMail(fs.readFileSync(file, "utf8")).headers.subject),
      subjects => subjects.some(subject => subject?.includes(gone.name)),
    )
    expect(mailed.filter(subject => subject?.includes(gone.name))).toHaveLength(1)

    await setStandInMode("ok")
    const { typed: next } = await sendFromEstimatePage(browser)
    const [email] = await eventually(
      () => entriesFrom(next.name),
      entries => entries.length > 0,
    )
    // The inbox tells no visitor's browser of any other request, so no e-mail of a visitor's names another.
    expect(email.template_params.message).not.toContain(gone.name)
    expect(email.template_params.message).not.toMatch(/earlier request/)
    expect(entriesFrom(gone.name)).toHaveLength(0)
  })
})

describe("the honeypot's verdict", () => {
  test("a bot's request (the hidden field filled at once) is kept in the inbox, marked, and never e-mailed", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    await browser.open(page, "/estimate/")
    // The page's clock stands still from here: the press comes well within a person's time, however busy the machine.
    await page.clock.pauseAt(Date.now() + 60_000)
    const form = estimateForm(page)
    const bot = visitor()
    await form.name.fill(bot.name)
    await form.phone.fill(bot.phone)
    await form.form.locator('input[name="extraInfo"]').fill("autofilled", { force: true })
    await form.submit.click()
    await form.success.waitFor()
    expect((await rowOf(bot.name))?.spam).toBe("bot")
    expect(entriesFrom(bot.name)).toHaveLength(0)
  })
})

describe("the owner's Leads view", () => {
  test("lists the requests with the content manager's token, flags the unsent, calls from the phone, and sends a test", async () => {
    await setStandInMode("error")
    const { page: visitorPage, typed } = await sendFromEstimatePage(browser)
    browser.takeConsoleErrors(visitorPage)
    const row = await rowOf(typed.name, email => email === "failed")

    const owner = await browser.newPage()
    await owner.addInitScript(token => localStorage.setItem("decap-cms-user", JSON.stringify({ token })), OWNER_TOKEN)
    await owner.goto(browser.url("/admin/leads/"))
    const line = owner.locator(`tr[data-ref="${row?.ref}"]`)
    await line.waitFor()
    expect(await line.innerText()).toContain("NOT e-mailed")
    expect(await line.getByRole("link", { name: typed.phone }).getAttribute("href")).toBe(
      `tel:+1${typed.phone.replace(/\D/g, "")}`,
    )
    await owner.getByRole("status").filter({ hasText: "did not reach your e-mail" }).waitFor()
    // Once the host has accepted the sign-in, the owner's test send is here.
    await owner.getByRole("button", { name: "Send a test estimate" }).waitFor()

    const stranger = await browser.newPage()
    await stranger.goto(browser.url("/admin/leads/"))
    await stranger.getByText("Sign in to the content manager first.").waitFor()
    expect(await stranger.getByRole("button", { name: "Send a test estimate" }).count()).toBe(0)
  })
})

describe("without the page's code", () => {
  test("with scripts switched off the form still sends: the inbox has it and the next page shows its reference", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false })
    await page.goto(`${site.url}/estimate/`, { waitUntil: "load" })
    const form = estimateForm(page)
    const typed = await submitAsNewVisitor(form)
    await page.waitForURL(/\/api\/requests\/form\/[A-Z0-9]{6}$/)
    const ref = page.url().slice(-6)
    await page.getByRole("heading", { level: 1, name: "Your estimate request has been sent" }).waitFor()
    expect(await page.locator("main").innerText()).toContain(ref)
    const row = await rowOf(typed.name)
    expect(row).toMatchObject({ ref, phone: typed.phone, page_path: "/estimate/" })
    // The page it came from, by its own title.
    expect(row?.page_title).toBe(readPage("/estimate/").querySelector("title")?.textContent)
    browser.takeConsoleErrors(page)
  })

  test("on a phone whose scripts never arrive, a tap is held, then sent the browser's own way to the inbox", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    // Blocked, as a content blocker or a dropped connection leaves them: only the page's inline code runs.
    await page.route(
      url => url.pathname.endsWith(".js"),
      route => route.abort("blockedbyclient"),
    )
    // The page's timers on Playwright's clock, so the hold's ten seconds pass when the test says, not in real time.
    await page.clock.install()
    await page.goto(`${site.url}/estimate/`, { waitUntil: "load" })
    const form = estimateForm(page)
    const typed = await submitAsNewVisitor(form, { tap: true })
    // Held first, with the typing in place, while the code might still come: still held just before the limit.
    await form.form.and(page.locator("[data-submit-held]")).waitFor()
    await page.clock.runFor(HOLD_LIMIT_MS - 1_000)
    expect(page.url()).toBe(`${site.url}/estimate/`)
    expect(await form.form.getAttribute("data-submit-held")).not.toBeNull()
    expect(await form.name.inputValue()).toBe(typed.name)
    // Then, with no code to take it, the browser's own post: the page with the reference, and the inbox has it.
    await page.clock.runFor(1_000)
    await page.waitForURL(/\/api\/requests\/form\/[A-Z0-9]{6}$/)
    const ref = page.url().slice(-6)
    await page.getByRole("heading", { level: 1, name: "Your estimate request has been sent" }).waitFor()
    expect(await rowOf(typed.name)).toMatchObject({ ref, phone: typed.phone, page_path: "/estimate/" })
    // Chromium logs each blocked script.
    browser.takeConsoleErrors(page)
  })
})
