/*
 * The estimate form in Chromium against the served build and the local inbox (scripts/inbox-server.mjs on
 * port 8788, where scripts/build-site.mjs points a build made without EmailJS variables): real submits in
 * the EmailJS wire format, validation, the failure notices (HTTP 500, dropped network, hang), the Google
 * Ads conversion, no double send, the session draft, and the estimate buttons that lead to a form.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page, Request, Route } from "playwright-core"
import business from "../../data/business.json"
import { repoRoot } from "../support/site"
import { setUpBrowser, waitForHydration, waitForScrollEnd } from "./support"

jest.setTimeout(90000)

// The build's EmailJS settings when no variables are set: scripts/local-inbox-env.mjs, which also reads
// INBOX_PORT when the build runs.
const INBOX_PORT = Number(process.env.INBOX_PORT ?? 8788)
const INBOX_ORIGIN = `http://127.0.0.1:${INBOX_PORT}`
const SEND_PATH = "/api/v1.0/email/send"
const LOCAL_IDS = {
  user_id: "local-inbox-public-key",
  service_id: "local-inbox-service",
  template_id: "local-inbox-template",
}
// Long enough to look at the form while it sends, well under the form's 15 s timeout.
const INBOX_DELAY_MS = 4000

const SUCCESS = "Your estimate request has been sent! We'll contact you soon."
const FAILURE = "There was an error submitting your request. Please try again."
const TEL_HREF = `tel:+1${business.phone.replace(/\D/g, "")}`
const EMAILJS_VERSION: string = JSON.parse(
  readFileSync(path.join(repoRoot, "node_modules/@emailjs/browser/package.json"), "utf8"),
).version

const browser = setUpBrowser()

interface InboxEntry {
  lib_version: string
  user_id: string
  service_id: string
  template_id: string
  template_params: Record<string, string>
}

let inbox: ChildProcess | undefined
let inboxFile = ""

/** Starts the inbox CLI, as `npm start` does, and resolves once it listens. */
function startInbox(): Promise<ChildProcess> {
  inboxFile = path.join(mkdtempSync(path.join(os.tmpdir(), "estimate-inbox-")), "estimates.jsonl")
  const child = spawn(process.execPath, [path.join(repoRoot, "scripts/inbox-server.mjs")], {
    env: {
      ...process.env,
      INBOX_PORT: String(INBOX_PORT),
      INBOX_FILE: inboxFile,
      INBOX_MODE: "ok",
      INBOX_DELAY_MS: String(INBOX_DELAY_MS),
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  return new Promise((resolve, reject) => {
    let output = ""
    const onExit = (code: number | null) =>
      reject(
        new Error(
          `The inbox exited with code ${code} before listening on port ${INBOX_PORT} (is another inbox, ` +
            `e.g. npm start, running? Or build and test with another INBOX_PORT): ${output}`,
        ),
      )
    child.once("exit", onExit)
    child.stderr!.on("data", chunk => (output += String(chunk)))
    child.stdout!.on("data", chunk => {
      output += String(chunk)
      if (!/listening on/.test(output)) return
      child.off("exit", onExit)
      resolve(child)
    })
  })
}

beforeAll(async () => {
  inbox = await startInbox()
})

afterAll(async () => {
  if (!inbox || inbox.exitCode !== null) return
  const exited = new Promise(done => inbox!.once("exit", done))
  inbox.kill("SIGTERM")
  await exited
})

async function setInboxMode(mode: "ok" | "error" | "delay") {
  const response = await fetch(`${INBOX_ORIGIN}/__inbox/mode?mode=${mode}`, { method: "POST" })
  expect(response.status).toBe(200)
}

beforeEach(() => setInboxMode("ok"))

const inboxEntries = (): InboxEntry[] =>
  existsSync(inboxFile)
    ? readFileSync(inboxFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map(line => JSON.parse(line) as InboxEntry)
    : []

/** The requests the inbox stored for this visitor; each test uses its own name. */
const entriesFrom = (name: string) => inboxEntries().filter(entry => entry.template_params?.from_name === name)

async function eventually<T>(read: () => T, done: (value: T) => boolean, timeout = 10000): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    const value = read()
    if (done(value) || Date.now() > end) return value
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

let visitors = 0
/** A name and phone number no other test sends. */
function visitor() {
  visitors += 1
  return { name: `Test Visitor ${Date.now()}-${visitors}`, phone: `(801) 555-${String(1000 + visitors)}` }
}

/** The estimate form in the page's #estimate section and its parts. */
function estimateForm(page: Page) {
  const section = page.locator("#estimate")
  const form = section.locator("form")
  return {
    section,
    form,
    name: form.locator('input[name="name"]'),
    phone: form.locator('input[name="phone"]'),
    submit: form.locator('button[type="submit"]'),
    success: section.getByRole("status").filter({ hasText: SUCCESS }),
    failure: section.getByRole("alert").filter({ hasText: FAILURE }),
  }
}

/** Records the POSTs to the send API (CORS preflights are left out). */
function watchSends(page: Page): Request[] {
  const sends: Request[] = []
  page.on("request", request => {
    if (request.method() === "POST" && new URL(request.url()).pathname === SEND_PATH) sends.push(request)
  })
  return sends
}

/** Replaces window.gtag before the page's scripts run with one that records its calls. */
async function recordGtag(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = []
    Object.assign(window, { __gtagCalls: calls, gtag: (...args: unknown[]) => calls.push(args) })
  })
}

const gtagCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __gtagCalls?: unknown[][] }).__gtagCalls ?? [])

/** Fills and submits the form, then waits for the error notice and checks the values are still there. */
async function expectFailureKeepsValues(page: Page, sends: Request[]) {
  const form = estimateForm(page)
  const { name, phone } = visitor()
  await form.name.fill(name)
  await form.phone.fill(phone)
  await form.submit.click()
  await form.failure.waitFor({ timeout: 20000 })

  expect(sends).toHaveLength(1)
  expect(await form.name.inputValue()).toBe(name)
  expect(await form.phone.inputValue()).toBe(phone)
  expect(await form.failure.getByRole("link", { name: business.phone }).getAttribute("href")).toBe(TEL_HREF)
  expect(await form.success.count()).toBe(0)
  expect(await form.submit.isEnabled()).toBe(true)
  expect(await form.submit.textContent()).toBe("Get My Free Estimate")
  expect(entriesFrom(name)).toEqual([])
  // The form logs the failure with console.error, and Chromium the failed request.
  expect(browser.takeConsoleErrors(page).length).toBeGreaterThan(0)
  return { name, phone }
}

describe("a real submit reaches the inbox", () => {
  test.each(["/", "/estimate", "/driveways", "/locations/provo"])(
    "on %s: the EmailJS request lands in the inbox file, the success notice shows and the form resets",
    async pathname => {
      const page = await browser.newPage()
      const sends = watchSends(page)
      await browser.open(page, pathname)
      const form = estimateForm(page)
      expect(await form.section.count()).toBe(1)
      expect(await form.name.inputValue()).toBe("")
      expect(await form.phone.inputValue()).toBe("")

      const { name, phone } = visitor()
      // Spaces around the values are not part of them.
      await form.name.fill(`  ${name} `)
      await form.phone.fill(` ${phone}  `)
      await form.submit.click()
      await form.success.waitFor({ timeout: 20000 })
      expect(await form.success.textContent()).toContain(`Thank you for choosing ${business.name}`)

      expect(sends).toHaveLength(1)
      expect(sends[0].url()).toBe(`${INBOX_ORIGIN}${SEND_PATH}`)
      const entries = await eventually(
        () => entriesFrom(name),
        found => found.length > 0,
      )
      expect(entries).toHaveLength(1)
      expect(entries[0]).toStrictEqual({
        lib_version: EMAILJS_VERSION,
        ...LOCAL_IDS,
        template_params: {
          to_name: business.name,
          from_name: name,
          phone_number: phone,
          message: expect.any(String),
        },
      })
      const { message } = entries[0].template_params
      expect(message).toMatch(/estimate request/i)
      expect(message).toContain(name)
      expect(message).toContain(phone)

      expect(await form.name.inputValue()).toBe("")
      expect(await form.phone.inputValue()).toBe("")
      expect(await form.failure.count()).toBe(0)
      expect(await form.submit.isEnabled()).toBe(true)
    },
  )
})

describe("validation in the browser", () => {
  test("an empty submit shows both messages under their fields and sends nothing", async () => {
    const page = await browser.newPage()
    const sends = watchSends(page)
    await browser.open(page, "/estimate")
    const form = estimateForm(page)
    const before = inboxEntries().length

    await form.submit.click()
    const nameError = form.form.getByText("Name must be at least 2 characters", { exact: true })
    const phoneError = form.form.getByText("Please enter a valid phone number", { exact: true })
    await nameError.waitFor()
    await phoneError.waitFor()

    for (const [input, error] of [
      [form.name, nameError],
      [form.phone, phoneError],
    ] as const) {
      expect(await input.getAttribute("aria-invalid")).toBe("true")
      expect(await input.getAttribute("aria-describedby")).toBe(await error.getAttribute("id"))
      const inputBox = (await input.boundingBox())!
      const errorBox = (await error.boundingBox())!
      expect(errorBox.y).toBeGreaterThanOrEqual(inputBox.y + inputBox.height - 1)
    }
    // The name's message sits above the phone field, so each message is under its own field.
    expect((await nameError.boundingBox())!.y).toBeLessThan((await form.phone.boundingBox())!.y)

    await page.waitForTimeout(1000)
    expect(sends).toHaveLength(0)
    expect(inboxEntries()).toHaveLength(before)
    expect(await form.success.count()).toBe(0)
    expect(await form.failure.count()).toBe(0)
  })

  test("values too short once their spaces are trimmed are refused too", async () => {
    const page = await browser.newPage()
    const sends = watchSends(page)
    await browser.open(page, "/")
    const form = estimateForm(page)

    await form.name.fill("  A  ")
    await form.phone.fill("  555 0142  ")
    await form.submit.click()
    await form.form.getByText("Name must be at least 2 characters", { exact: true }).waitFor()
    await form.form.getByText("Please enter a valid phone number", { exact: true }).waitFor()

    await page.waitForTimeout(1000)
    expect(sends).toHaveLength(0)
    expect(await form.name.inputValue()).toBe("  A  ")
  })
})

describe("a failed send keeps the values and offers the phone number", () => {
  test("HTTP 500 from the send API", async () => {
    await setInboxMode("error")
    const page = await browser.newPage()
    await recordGtag(page)
    const sends = watchSends(page)
    await browser.open(page, "/")
    await expectFailureKeepsValues(page, sends)
    expect((await sends[0].response())?.status()).toBe(500)
    // No conversion is counted for a lead that did not arrive.
    expect(await gtagCalls(page)).toEqual([])
  })

  test("a dropped network connection", async () => {
    const page = await browser.newPage()
    await page.route(`${INBOX_ORIGIN}${SEND_PATH}`, route => route.abort("internetdisconnected"))
    const sends = watchSends(page)
    await browser.open(page, "/estimate")
    await expectFailureKeepsValues(page, sends)
  })

  test("a send that never answers fails after 15 s", async () => {
    const page = await browser.newPage()
    // The page's clock is driven by the test, so the 15 s pass at once.
    await page.clock.install()
    const held: Route[] = []
    let routed: () => void = () => {}
    const sendHeld = new Promise<void>(resolve => (routed = resolve))
    await page.route(`${INBOX_ORIGIN}${SEND_PATH}`, route => {
      held.push(route)
      routed()
    })
    const sends = watchSends(page)
    await browser.open(page, "/driveways")
    const form = estimateForm(page)
    const { name, phone } = visitor()
    await form.name.fill(name)
    await form.phone.fill(phone)
    await form.submit.click()
    await sendHeld

    await page.clock.runFor(14000)
    expect(await form.submit.textContent()).toBe("Submitting...")
    expect(await form.failure.count()).toBe(0)
    await page.clock.runFor(1500)
    await form.failure.waitFor()

    expect(sends).toHaveLength(1)
    expect(held).toHaveLength(1)
    expect(await form.name.inputValue()).toBe(name)
    expect(await form.phone.inputValue()).toBe(phone)
    expect(await form.failure.getByRole("link", { name: business.phone }).getAttribute("href")).toBe(TEL_HREF)
    expect(await form.submit.isEnabled()).toBe(true)
    expect(browser.takeConsoleErrors(page).join("\n")).toMatch(/15 s|timeout|time out/i)
  })
})

describe("Google Ads conversion", () => {
  test("gtag('event', 'conversion', …) is called after a successful send", async () => {
    const page = await browser.newPage()
    await recordGtag(page)
    await browser.open(page, "/estimate")
    const form = estimateForm(page)
    expect(await gtagCalls(page)).toEqual([])

    const { name, phone } = visitor()
    await form.name.fill(name)
    await form.phone.fill(phone)
    await form.submit.click()
    await form.success.waitFor({ timeout: 20000 })

    const conversions = (await gtagCalls(page)).filter(
      ([command, action]) => command === "event" && action === "conversion",
    )
    expect(conversions).toHaveLength(1)
    expect(entriesFrom(name)).toHaveLength(1)
  })
})

describe("while sending", () => {
  test("the button is disabled and reads 'Submitting...'; more clicks and Enter send nothing more", async () => {
    await setInboxMode("delay")
    const page = await browser.newPage()
    const sends = watchSends(page)
    await browser.open(page, "/")
    const form = estimateForm(page)
    const { name, phone } = visitor()
    await form.name.fill(name)
    await form.phone.fill(phone)

    await form.submit.dblclick()
    await page.waitForFunction(
      button => button instanceof HTMLButtonElement && button.disabled && button.textContent === "Submitting...",
      await form.submit.elementHandle(),
    )
    await form.submit.click({ force: true })
    await form.phone.press("Enter")
    // requestSubmit() submits even while the button is disabled: the form itself must refuse.
    await form.form.evaluate(element => (element as HTMLFormElement).requestSubmit())
    expect(await form.submit.isDisabled()).toBe(true)

    await form.success.waitFor({ timeout: 20000 })
    expect(await form.submit.isEnabled()).toBe(true)
    expect(await form.submit.textContent()).toBe("Get My Free Estimate")
    // Give a stray second request time to arrive before counting.
    await page.waitForTimeout(INBOX_DELAY_MS + 1000)
    expect(sends).toHaveLength(1)
    expect(entriesFrom(name)).toHaveLength(1)
  })
})

describe("the draft", () => {
  const draftHolds = (page: Page, text: string) =>
    page.evaluate(value => Object.keys(sessionStorage).some(key => sessionStorage.getItem(key)?.includes(value)), text)

  test("survives a reload and another page of the session, and is cleared after success", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/")
    let form = estimateForm(page)
    const { name, phone } = visitor()
    await form.name.fill(name)
    await form.phone.fill(phone)
    await page.waitForFunction(value => Object.values(sessionStorage).some(item => item.includes(value)), phone)

    await page.reload({ waitUntil: "load" })
    await waitForHydration(page)
    form = estimateForm(page)
    await page.waitForFunction(
      value => (document.querySelector('#estimate input[name="phone"]') as HTMLInputElement | null)?.value === value,
      phone,
    )
    expect(await form.name.inputValue()).toBe(name)
    expect(await form.phone.inputValue()).toBe(phone)

    // A new navigation, where Chromium restores no form state: the values come from the draft.
    await browser.open(page, "/estimate")
    form = estimateForm(page)
    await page.waitForFunction(
      value => (document.querySelector('#estimate input[name="name"]') as HTMLInputElement | null)?.value === value,
      name,
    )
    expect(await form.phone.inputValue()).toBe(phone)

    await form.submit.click()
    await form.success.waitFor({ timeout: 20000 })
    expect(entriesFrom(name)).toHaveLength(1)
    expect(await draftHolds(page, name)).toBe(false)
    expect(await draftHolds(page, phone)).toBe(false)

    await page.reload({ waitUntil: "load" })
    await waitForHydration(page)
    expect(await estimateForm(page).name.inputValue()).toBe("")
    expect(await estimateForm(page).phone.inputValue()).toBe("")
    await browser.open(page, "/")
    expect(await estimateForm(page).name.inputValue()).toBe("")
    expect(await estimateForm(page).phone.inputValue()).toBe("")
  })
})

describe("estimate buttons lead to a form", () => {
  const estimateButtons = (page: Page) =>
    page.locator("main").getByRole("link", { name: "Get Free Estimate", exact: true })

  test("on a service page every 'Get Free Estimate' scrolls to the form in #estimate", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/driveways")
    expect(await page.locator('[id="estimate"]').count()).toBe(1)
    const buttons = estimateButtons(page)
    // The hero's and the closing call to action's.
    expect(await buttons.count()).toBeGreaterThanOrEqual(2)

    for (let index = 0; index < (await buttons.count()); index += 1) {
      await page.evaluate(() => window.scrollTo(0, 0))
      await waitForScrollEnd(page)
      const button = buttons.nth(index)
      expect(new URL((await button.getAttribute("href"))!, page.url()).href).toBe(new URL("#estimate", page.url()).href)
      await button.click()
      await waitForScrollEnd(page)
      expect(new URL(page.url()).pathname).toBe("/driveways")
      expect(new URL(page.url()).hash).toBe("#estimate")
      const top = await page.evaluate(() => document.getElementById("estimate")!.getBoundingClientRect().top)
      const viewport = page.viewportSize()!
      expect(top).toBeGreaterThanOrEqual(-2)
      expect(top).toBeLessThan(viewport.height / 2)
      const form = estimateForm(page)
      expect(await form.name.isVisible()).toBe(true)
      expect(await form.submit.isVisible()).toBe(true)
    }
  })

  test("on a city page 'Get Free Estimate' goes to /estimate, which has the form", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/locations/provo")
    const buttons = estimateButtons(page)
    expect(await buttons.count()).toBeGreaterThanOrEqual(1)

    for (let index = 0; index < (await buttons.count()); index += 1) {
      if (index > 0) await browser.open(page, "/locations/provo")
      await buttons.nth(index).click()
      await page.waitForURL(url => url.pathname === "/estimate")
      const form = estimateForm(page)
      await form.name.waitFor()
      expect(await form.phone.isVisible()).toBe(true)
      expect(await form.submit.textContent()).toBe("Get My Free Estimate")
    }
  })
})
