/*
 * What the estimate form's browser tests share: the EmailJS stand-in (scripts/emailjs-stand-in.mjs on STAND_IN_PORT,
 * 8788 by default, where scripts/build-site.mjs points a build made without EmailJS variables), one for the run
 * (global-setup.ts) in which each test file has a session of its own: its pages send the session's header with
 * every request, so the file sets its own mode and reads only what its own pages sent, and no file waits for
 * another to let go of the port. Then what the stand-in stored, and the form's parts on a page.
 */
import type { ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page, Request } from "playwright-core"
import business from "../../data/business.json"
import { OUTBOX_KEY } from "../../src/browser/estimate/outbox-storage"
import { SEND_TIMEOUT_MS } from "../../src/lib/estimate/send-timing"
import { paths } from "../../src/lib/paths"
import { repoRoot } from "../support/site"
import {
  PORT_WAIT_TIMEOUT,
  sendWithEveryRequest,
  setUpBrowser,
  startFixedPortServer,
  startWhenPortFree,
  stopServer,
} from "./support"

// The build's EmailJS settings when no variables are set: scripts/emailjs-stand-in-env.mjs, which also reads
// STAND_IN_PORT when the build runs.
export const STAND_IN_PORT = Number(process.env.STAND_IN_PORT ?? 8788)
export const STAND_IN_ORIGIN = `http://127.0.0.1:${STAND_IN_PORT}`
export const SEND_PATH = "/api/v1.0/email/send"
export const SEND_URL = `${STAND_IN_ORIGIN}${SEND_PATH}`
export const LOCAL_IDS = {
  user_id: "emailjs-stand-in-public-key",
  service_id: "emailjs-stand-in-service",
  template_id: "emailjs-stand-in-template",
}
// Long enough to look at the form while it sends, well under the form's 15 s timeout.
export const STAND_IN_DELAY_MS = 4000

export const SUCCESS = "Your estimate request has been sent! We'll contact you soon."
export const FAILURE = "There was an error submitting your request. Please try again."
export const OFFLINE = "You're offline, so your request is saved on this device."
/** A request's reference as the form makes it (src/lib/estimate/reference.ts). */
export const REFERENCE = /^[A-Z0-9]{6}$/
export const TEL_HREF = `tel:+1${business.phone.replace(/\D/g, "")}`
export const EMAILJS_VERSION: string = JSON.parse(
  readFileSync(path.join(repoRoot, "node_modules/@emailjs/browser/package.json"), "utf8"),
).version

export interface StandInEntry {
  received_at: string
  lib_version: string
  user_id: string
  service_id: string
  template_id: string
  template_params: Record<string, string>
}

/** Where global-setup.ts leaves the folder of the run's EmailJS stand-in, in which each session's file is written. */
export const SHARED_STAND_IN = "BROWSER_TESTS_STAND_IN"
/** The header that names a request's session (scripts/emailjs-stand-in.mjs › SESSION_HEADER). */
const SESSION_HEADER = "X-Stand-In-Session"

/** The stand-in this file started itself (run without global-setup.ts), the stand-in's folder, the file's session. */
let standIn: ChildProcess | undefined
let standInFolder = ""
let session = ""

/** Starts the EmailJS stand-in, as `npm start` does, writing into `folder`, and resolves once it listens. */
export function startStandIn(folder: string): Promise<ChildProcess> {
  return startFixedPortServer({
    name: "The EmailJS stand-in",
    args: [path.join(repoRoot, "scripts/emailjs-stand-in.mjs")],
    env: {
      ...process.env,
      STAND_IN_PORT: String(STAND_IN_PORT),
      STAND_IN_FILE: path.join(folder, "estimates.jsonl"),
      STAND_IN_MODE: "ok",
      STAND_IN_DELAY_MS: String(STAND_IN_DELAY_MS),
    },
    listening: /listening on/,
    takenBy: `port ${STAND_IN_PORT}; is another EmailJS stand-in, e.g. npm start, running? Or build and test with another STAND_IN_PORT`,
  })
}

/** Sets the mode of the file's session. */
export async function setStandInMode(mode: "ok" | "error" | "busy" | "unlinked" | "delay" | "quota") {
  const response = await fetch(`${STAND_IN_ORIGIN}/__stand-in/mode?mode=${mode}`, {
    method: "POST",
    headers: { [SESSION_HEADER]: session },
  })
  expect(response.status).toBe(200)
}

/**
 * How many of the file's requests the stand-in holds back in delay mode: each is stored once answered, or dropped
 * if its browser left.
 */
export async function standInHeld(): Promise<number> {
  const response = await fetch(`${STAND_IN_ORIGIN}/__stand-in/held`, { headers: { [SESSION_HEADER]: session } })
  expect(response.status).toBe(200)
  return Number(await response.text())
}

/** How many requests the stand-in holds back once that is `count`, or as it is when the wait ends. */
export async function standInHolding(count: number, timeout = 20000): Promise<number> {
  for (const end = Date.now() + timeout; ; await new Promise(resolve => setTimeout(resolve, 100))) {
    const held = await standInHeld()
    if (held === count || Date.now() > end) return held
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000

/** The request kept on the device (the outbox), as the page stored it, or null. */
export const outboxEntry = async (page: Page) =>
  JSON.parse((await page.evaluate(key => localStorage.getItem(key), OUTBOX_KEY)) ?? "null")

/**
 * A browser test file of the estimate form: Chromium on the served build (setUpBrowser's options) and the local
 * EmailJS stand-in for the file, in mode "ok" at the start of each test.
 */
export function setUpEstimateBrowser(options?: Parameters<typeof setUpBrowser>[0]) {
  jest.setTimeout(120_000)
  const browser = setUpBrowser(options)
  runStandInForFile()

  /**
   * Opens a page with the form's code loaded, so that it works once the network is gone: the form takes the
   * checking from the browser (novalidate) once its engine has come. The network falling quiet is not enough: on
   * a busy machine hydration can outlast its half second, and the engine is asked for after it (estimate-leads
   * failed so once, beside two other browser files).
   */
  async function openWithEngine(page: Page, pathname: string) {
    await browser.open(page, pathname)
    const form = estimateForm(page)
    await form.name.focus()
    await form.form.and(page.locator("[novalidate]")).waitFor()
    await page.waitForLoadState("networkidle")
    return form
  }

  return { ...browser, openWithEngine }
}

/**
 * Registers the hooks that give a test file its session of the run's EmailJS stand-in (or, run without
 * global-setup.ts, a stand-in of its own), in mode "ok" at the start of each test.
 */
export function runStandInForFile() {
  beforeAll(async () => {
    session = `${path.basename(expect.getState().testPath ?? "browser", ".test.ts")}-${process.pid}`
    sendWithEveryRequest({ [SESSION_HEADER]: session })
    const shared = process.env[SHARED_STAND_IN]
    if (shared) standInFolder = shared
    else {
      standInFolder = mkdtempSync(path.join(os.tmpdir(), "emailjs-stand-in-"))
      standIn = await startWhenPortFree(() => startStandIn(standInFolder))
    }
  }, PORT_WAIT_TIMEOUT)
  afterAll(() => stopServer(standIn))
  beforeEach(() => setStandInMode("ok"))
}

/** What the stand-in stored of the file's own sends, in order. */
export const standInEntries = (): StandInEntry[] => {
  const file = path.join(standInFolder, `${session}.jsonl`)
  return existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map(line => JSON.parse(line) as StandInEntry)
    : []
}

/** The requests the EmailJS stand-in stored for this visitor; each test uses its own name. */
export const entriesFrom = (name: string) => standInEntries().filter(entry => entry.template_params?.from_name === name)

export async function eventually<T>(read: () => T, done: (value: T) => boolean, timeout = 10000): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    const value = read()
    if (done(value) || Date.now() > end) return value
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

/** The EmailJS stand-in's requests from this visitor once the first has arrived, or as they are when the wait ends. */
export const arrivedFrom = (name: string, timeout?: number) =>
  eventually(
    () => entriesFrom(name),
    found => found.length > 0,
    timeout,
  )

let visitors = 0
/** A name and phone number no other test sends. */
export function visitor() {
  visitors += 1
  return { name: `Test Visitor ${Date.now()}-${visitors}`, phone: `(801) 555-${String(1000 + visitors)}` }
}

/** The estimate form in the page's #estimate section and its parts. */
export function estimateForm(page: Page) {
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
    offline: section.getByRole("status").filter({ hasText: OFFLINE }),
  }
}

/** A new visitor fills the form and presses its button (or taps it, on a touch screen); returns who they were. */
export async function submitAsNewVisitor(form: ReturnType<typeof estimateForm>, { tap = false } = {}) {
  const typed = visitor()
  await form.name.fill(typed.name)
  await form.phone.fill(typed.phone)
  await (tap ? form.submit.tap() : form.submit.click())
  return typed
}

/**
 * A new visitor on the estimate page who sends the form with a name and number of their own, once the form says it
 * has the request (sent, or received by the inbox). Returns the page, the form and what was typed.
 */
export async function sendFromEstimatePage(browser: Pick<ReturnType<typeof setUpBrowser>, "newPage" | "open">) {
  const page = await browser.newPage()
  await browser.open(page, paths.estimate)
  const form = estimateForm(page)
  const typed = await submitAsNewVisitor(form)
  await form.success.waitFor()
  return { page, form, typed }
}

/** Records the POSTs to the send API (CORS preflights are left out). */
export function watchSends(page: Page): Request[] {
  const sends: Request[] = []
  page.on("request", request => {
    if (request.method() === "POST" && new URL(request.url()).pathname === SEND_PATH) sends.push(request)
  })
  return sends
}

/**
 * Resolves once the page can send nothing more, so that a count of its sends is final without a wait in real time
 * for one that might still come: the page's clock (installed with page.clock.install() before the page opened) is
 * run past a whole send, its retry's pause and time limit included, every send seen has its answer, no request is
 * kept in the outbox for a later try, and no form is sending.
 */
export async function nothingMoreToSend(page: Page, sends: Request[]) {
  const answered = async () => {
    for (let seen = -1; seen < sends.length;) {
      seen = sends.length
      await Promise.all(sends.map(send => send.response()))
    }
  }
  // A send on its way is answered first: run past its time limit, it would fail instead.
  await answered()
  await page.clock.runFor(SEND_TIMEOUT_MS)
  await answered()
  await page.waitForFunction(
    key => localStorage.getItem(key) === null && !document.querySelector("#estimate form button[type=submit]:disabled"),
    OUTBOX_KEY,
  )
}

/** Replaces window.gtag before the page's scripts run with one that records its calls. */
export async function recordGtag(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = []
    Object.assign(window, { __gtagCalls: calls, gtag: (...args: unknown[]) => calls.push(args) })
  })
}

export const gtagCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __gtagCalls?: unknown[][] }).__gtagCalls ?? [])
