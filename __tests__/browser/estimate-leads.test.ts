/*
 * Every lead kept until it is delivered, in Chromium against the served build and the EmailJS stand-in: a tab
 * closed while its kept request goes out, two tabs coming online, a 429 then the next page view, a request
 * kept a week in an open tab, a clock set back or ahead, storage refused, a timed-out send tried again (one
 * reference twice in the inbox), a filled honeypot from a slow person, the follow-up details, and the owner's
 * test send, from the Leads view, told in words.
 */
import type { BrowserContext, Page, Request } from "playwright-core"
import business from "../../data/business.json"
import services from "../../data/services.json"
import { HUMAN_AFTER_MS } from "../../src/lib/estimate/honeypot"
import { POSSIBLE_SPAM } from "../../src/lib/estimate/lead-message"
import { SEND_TIMEOUT_MS } from "../../src/lib/estimate/send-timing"
import { paths } from "../../src/lib/paths"
import {
  arrivedFrom,
  DAY_MS,
  STAND_IN_DELAY_MS,
  REFERENCE,
  SEND_PATH,
  SEND_URL,
  SUCCESS,
  TEL_HREF,
  entriesFrom,
  estimateForm,
  eventually,
  standInHolding,
  nothingMoreToSend,
  outboxEntry,
  setStandInMode,
  setUpEstimateBrowser,
  submitAsNewVisitor,
  visitor,
  watchSends,
} from "./estimate-support"
import { sampleServiceRoute } from "../support/site"

const browser = setUpEstimateBrowser()

const RETRYING = "Our mail service did not take your request just now"
const EXPIRED = "Your saved estimate request was not sent."
// Longer than a test may run (setUpEstimateBrowser): only the browser leaving ends the inbox's hold.
const UNTIL_CLOSED_MS = 600_000

/** A page of the same browser (shared storage), opened on the site. */
async function anotherTab(context: BrowserContext, pathname: string) {
  const page = await context.newPage()
  await browser.open(page, pathname)
  return page
}

/** Offline, a visitor sends the form: the request is kept on the device. Returns who they were. */
async function keepOffline(page: Page, form: ReturnType<typeof estimateForm>) {
  await page.context().setOffline(true)
  const typed = await submitAsNewVisitor(form)
  await form.offline.waitFor()
  // Offline, Chromium logs the page-data requests Gatsby's link prefetching makes.
  browser.takeConsoleErrors(page)
  return typed
}

/**
 * What the inbox holds from this visitor once one request has arrived and no other still can: the page can send
 * nothing more (nothingMoreToSend; its clock installed before it opened), and the inbox holds no answer back (a
 * held request is stored once answered, or dropped when its browser has left).
 */
async function deliveredOnce(name: string, page: Page, sends: Request[] = []) {
  await arrivedFrom(name, 20000)
  await nothingMoreToSend(page, sends)
  expect(await standInHolding(0)).toBe(0)
  return entriesFrom(name)
}

describe("the outbox keeps a request until the mail service has it", () => {
  test("a tab closed while its kept request is being sent: the next page view sends it, once", async () => {
    const page = await browser.newPage()
    const context = page.context()
    await context.clock.install()
    const form = await browser.openWithEngine(page, "/")
    const { name } = await keepOffline(page, form)
    // The mail service holds its answer to this tab's send until the tab is gone, and the tab closes once the service
    // holds it. With a hold of STAND_IN_DELAY_MS, a busy machine could let the answer out before the close: the service
    // then had the request, the closed tab had not read so, and the next page view rightly sent it again.
    await page.route(SEND_URL, route => route.continue({ url: `${SEND_URL}?mode=delay&delay=${UNTIL_CLOSED_MS}` }))
    await context.setOffline(false)
    expect(await standInHolding(1)).toBe(1)
    expect(await outboxEntry(page)).toMatchObject({ lead: { name }, sendingSince: expect.any(Number) })
    await page.close()

    const reopened = await anotherTab(context, paths.locations)
    await reopened.getByRole("status").filter({ hasText: SUCCESS }).waitFor({ timeout: 20000 })
    expect(await deliveredOnce(name, reopened)).toHaveLength(1)
    expect(await outboxEntry(reopened)).toBeNull()
  })

  test("two tabs coming online at once deliver it once", async () => {
    const first = await browser.newPage()
    await first.context().clock.install()
    const form = await browser.openWithEngine(first, "/")
    const second = await anotherTab(first.context(), paths.locations)
    const sends = [watchSends(first), watchSends(second)]
    const { name } = await keepOffline(first, form)
    // A held answer keeps the first sender busy while the other tab hears `online` too.
    await setStandInMode("delay")
    await first.context().setOffline(false)
    expect(await deliveredOnce(name, first, sends[0])).toHaveLength(1)
    await nothingMoreToSend(second, sends[1])
    expect(sends.flat()).toHaveLength(1)
    expect(await outboxEntry(second)).toBeNull()
  })

  test("a 429 that survives the retry is put back, and the next page view delivers it once", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    const form = await browser.openWithEngine(page, sampleServiceRoute)
    const sends = watchSends(page)
    const { name } = await keepOffline(page, form)
    await setStandInMode("busy")
    await page.context().setOffline(false)
    await form.section.getByRole("status").filter({ hasText: RETRYING }).waitFor({ timeout: 20000 })
    expect(sends).toHaveLength(2)
    expect(await outboxEntry(page)).toMatchObject({ lead: { name }, reason: "service" })
    expect((await outboxEntry(page)).sendingSince).toBeUndefined()
    expect(entriesFrom(name)).toEqual([])
    // Chromium logs the two 429 answers.
    expect(browser.takeConsoleErrors(page).length).toBeGreaterThan(0)

    await setStandInMode("ok")
    await browser.open(page, paths.locations)
    await page.getByRole("status").filter({ hasText: SUCCESS }).waitFor({ timeout: 20000 })
    expect(await deliveredOnce(name, page, sends)).toHaveLength(1)
    expect(sends).toHaveLength(3)
  })

  test("a request kept a week in a tab left open offline is not sent when the connection comes back", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    const form = await browser.openWithEngine(page, "/")
    const sends = watchSends(page)
    const { name } = await keepOffline(page, form)
    await page.clock.fastForward(7 * DAY_MS)
    await page.context().setOffline(false)
    await form.section.getByRole("alert").filter({ hasText: EXPIRED }).waitFor()
    expect(sends).toHaveLength(0)
    expect(entriesFrom(name)).toEqual([])
    expect(await outboxEntry(page)).toBeNull()
    browser.takeConsoleErrors(page)
  })

  test("a clock set back, or moved ahead, neither loses a kept request nor sends it twice", async () => {
    const page = await browser.newPage()
    const context = page.context()
    await page.clock.install()
    let form = await browser.openWithEngine(page, "/")
    const back = await keepOffline(page, form)
    // Set back two days, with the tab closed: the next page view finds it saved "in the future".
    const now = await page.evaluate(() => Date.now())
    await page.close()
    await context.clock.setSystemTime(now - 2 * DAY_MS)
    await context.setOffline(false)
    const next = await anotherTab(context, paths.locations)
    await next.getByRole("status").filter({ hasText: SUCCESS }).waitFor({ timeout: 20000 })
    expect(await outboxEntry(next)).toBeNull()

    // Moved four days ahead while the tab is open: still a fresh request.
    form = await browser.openWithEngine(next, "/")
    const ahead = await keepOffline(next, form)
    await context.clock.setSystemTime((await next.evaluate(() => Date.now())) + 4 * DAY_MS)
    await context.setOffline(false)
    await form.success.waitFor({ timeout: 20000 })

    await browser.open(next, paths.estimate)
    expect(await deliveredOnce(ahead.name, next)).toHaveLength(1)
    expect(entriesFrom(back.name)).toHaveLength(1)
  })

  test("storage refused: told at once that nothing was kept, with the call, text and e-mail, the values kept", async () => {
    const page = await browser.newPage()
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
      }
    })
    const form = await browser.openWithEngine(page, paths.estimate)
    await page.context().setOffline(true)
    const pressed = Date.now()
    const { name, phone } = await submitAsNewVisitor(form)
    const unsaved = form.section.getByRole("alert").filter({ hasText: "this browser would not save your request" })
    await unsaved.waitFor({ timeout: 2000 })
    expect(Date.now() - pressed).toBeLessThan(2000)
    const links = await unsaved.getByRole("link").evaluateAll(found => found.map(link => link.getAttribute("href")))
    expect(links).toEqual([TEL_HREF, expect.stringMatching(/^sms:/), expect.stringMatching(/^mailto:/)])
    expect(await form.name.inputValue()).toBe(name)
    expect(await form.phone.inputValue()).toBe(phone)
    expect(browser.takeConsoleErrors(page).some(error => error.includes("(network)"))).toBe(true)
  })
})

describe("one request, one reference", () => {
  test("a send that timed out and is tried again reaches the inbox twice with the same reference", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    const form = await browser.openWithEngine(page, sampleServiceRoute)
    let held = false
    // The first send's answer is held past the form's 15 s; the request still arrives, late.
    await page.route(SEND_URL, route => {
      if (held) return route.continue()
      held = true
      return route.continue({ url: `${SEND_URL}?mode=delay&delay=${STAND_IN_DELAY_MS}` })
    })
    const posted = page.waitForRequest(request => request.method() === "POST" && request.url().includes(SEND_PATH))
    const { name } = await submitAsNewVisitor(form)
    await posted
    await page.clock.fastForward(SEND_TIMEOUT_MS + 1000)
    await form.failure.waitFor()
    browser.takeConsoleErrors(page)

    await form.submit.click()
    await form.success.waitFor({ timeout: 20000 })
    const entries = await eventually(
      () => entriesFrom(name),
      found => found.length >= 2,
      20000,
    )
    const references = entries.map(entry => entry.template_params.reference)
    expect(references).toHaveLength(2)
    expect(references[0]).toMatch(REFERENCE)
    expect(references[1]).toBe(references[0])
    expect(await form.success.textContent()).toContain(`Request ${references[0]}`)
  })

  test("a filled honeypot from someone who took a person's time is delivered, marked", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    const form = await browser.openWithEngine(page, "/")
    const { name, phone } = visitor()
    await form.name.fill(name)
    await form.phone.fill(phone)
    // A browser tool fills the hidden field; the visitor takes a person's time before pressing the button.
    await form.form.locator('input[name="extraInfo"]').fill("autofilled", { force: true })
    await page.clock.fastForward(HUMAN_AFTER_MS + 2000)
    await form.submit.click()
    await form.success.waitFor({ timeout: 20000 })
    const entries = await arrivedFrom(name)
    expect(entries).toHaveLength(1)
    expect(entries[0].template_params.message.split("\n")[0]).toBe(POSSIBLE_SPAM)
  })
})

describe("after the request is sent", () => {
  const firstService = services.services[0].title

  test("three taps send the details with the request's reference, and the visitor is not asked twice", async () => {
    const page = await browser.newPage()
    const form = await browser.openWithEngine(page, sampleServiceRoute)
    const { name } = await submitAsNewVisitor(form)
    await form.success.waitFor({ timeout: 20000 })
    for (const choice of [firstService, "Two cars", "This season"])
      await form.section.getByRole("button", { name: choice, exact: true }).click()
    await form.success.filter({ hasText: "your details are added to request" }).waitFor({ timeout: 20000 })
    const [request, details] = await eventually(
      () => entriesFrom(name),
      found => found.length >= 2,
    )
    expect(details.template_params.reference).toBe(request.template_params.reference)
    expect(details.template_params.message).toBe(
      `Details for estimate request ${request.template_params.reference} from ${name}, phone ${request.template_params.phone_number}:\n` +
        `Project: ${firstService}\nSize: Two cars\nWhen: This season`,
    )

    // A second request from the same browser: sent, and no questions.
    await submitAsNewVisitor(form)
    await form.success.waitFor({ timeout: 20000 })
    expect(await form.section.getByRole("group").count()).toBe(0)
  })

  test("a follow-up that fails says so, and the request still shows sent", async () => {
    const page = await browser.newPage()
    const form = await browser.openWithEngine(page, "/")
    let calls = 0
    await page.route(SEND_URL, route => {
      calls += 1
      return calls === 1 ? route.continue() : route.continue({ url: `${SEND_URL}?mode=error` })
    })
    const { name } = await submitAsNewVisitor(form)
    await form.success.waitFor({ timeout: 20000 })
    for (const choice of [firstService, "Larger", "Just planning"])
      await form.section.getByRole("button", { name: choice, exact: true }).click()
    await form.success.filter({ hasText: "Your details could not be sent, but your request was" }).waitFor()
    expect(await form.success.textContent()).toContain("Request ")
    expect(entriesFrom(name)).toHaveLength(1)
    // Chromium logs the follow-up's two 500 answers.
    browser.takeConsoleErrors(page)
  })
})

describe("the owner's test send, in the Leads view of a host with no Functions", () => {
  /** The Leads view, opened with the content manager's token by someone GitHub lets push, or not. */
  async function openLeads(push: boolean) {
    const page = await browser.newPage()
    await page.addInitScript(() => localStorage.setItem("decap-cms-user", JSON.stringify({ token: "gho_owner" })))
    await page.route("https://api.github.com/repos/**", route =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ permissions: { push } }) }),
    )
    await page.goto(browser.url("/admin/leads/"))
    return page
  }

  test("reports EmailJS's 412 in words, and a send that works as sent", async () => {
    const page = await openLeads(true)
    const button = page.getByRole("button", { name: "Send a test estimate" })
    await button.waitFor()
    expect(await page.getByText("requests reach you by e-mail only").count()).toBe(1)
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/)
    const status = page.locator("#test-send-outcome")

    await setStandInMode("unlinked")
    await button.click()
    await status.filter({ hasText: "Test reference" }).waitFor()
    expect(await status.textContent()).toContain("the e-mail account's link to EmailJS has lapsed")
    expect(await status.textContent()).toContain("reconnect the business's e-mail account")
    expect(await status.textContent()).toContain("EmailJS answered: 412")

    await setStandInMode("ok")
    await button.click()
    await status.filter({ hasText: "Sent: EmailJS accepted the test estimate." }).waitFor()
    const ref = /Test reference: (\S+)/.exec((await status.textContent()) ?? "")?.[1]
    const tests = entriesFrom(`TEST: ${business.name}'s own test`)
    expect(tests.map(entry => entry.template_params.reference)).toContain(ref)
    expect(tests.map(entry => entry.template_params.phone_number)).toContain(business.phone)
    // The Leads API's 404 (no Functions here) and EmailJS's 412.
    browser.takeConsoleErrors(page)
  })

  test("is not offered to a sign-in that GitHub does not let publish to the site", async () => {
    const page = await openLeads(false)
    await page.getByText("is not yours to use").waitFor()
    expect(await page.getByRole("button", { name: "Send a test estimate" }).count()).toBe(0)
    browser.takeConsoleErrors(page)
  })
})
