/*
 * Every estimate reaches the business, in Chromium against the served build and the EmailJS stand-in: a submit
 * made while the page's scripts are still on their way (held, then sent once; a press too short answered by the
 * browser, with the form's words under the field until the letter that mends it), one retry of a transient
 * failure, the text and e-mail links when the service refuses, the offline outbox (sent on `online`, on
 * the next page view, never twice, dropped when stale, cancelled when asked), and a tap on a call link
 * counted as a conversion, before the page's code arrives too.
 */
import { paths } from "../../src/lib/paths"
import type { Page, Route } from "playwright-core"
import business from "../../data/business.json"
import {
  arrivedFrom,
  DAY_MS,
  REFERENCE,
  SEND_URL,
  SUCCESS,
  TEL_HREF,
  entriesFrom,
  estimateForm,
  eventually,
  gtagCalls,
  nothingMoreToSend,
  outboxEntry,
  recordGtag,
  setUpEstimateBrowser,
  submitAsNewVisitor,
  visitor,
  watchSends,
} from "./estimate-support"
import { holdBack, PHONE, waitForHydration } from "./support"
import { sampleCityRoute, sampleServiceRoute } from "../support/site"
import { OUTBOX_KEY } from "../../src/browser/estimate/outbox-storage"
import { messages } from "../../src/lib/estimate/fields"
import { sentWords } from "../../src/lib/estimate/lead"
import { HYDRATED_ATTRIBUTE } from "../../src/styles/theme"

const browser = setUpEstimateBrowser()

/** Holds back every script of the site, as a slow phone connection does, until the test releases them. */
const holdScripts = (page: Page) => holdBack(page, url => url.pathname.endsWith(".js"))

/** Counts the main frame's navigations after the first one. */
function watchNavigations(page: Page) {
  const navigations: string[] = []
  page.on("framenavigated", frame => {
    if (frame === page.mainFrame()) navigations.push(frame.url())
  })
  return navigations
}

/** Offline, Chromium logs the page-data requests Gatsby's link prefetching makes: those and no others. */
function takeOfflineErrors(page: Page) {
  const errors = browser.takeConsoleErrors(page)
  expect(errors.filter(error => !error.includes("net::ERR_INTERNET_DISCONNECTED"))).toEqual([])
}

describe("a submit made before the page's scripts have run", () => {
  test.each([
    ["presses Enter in the phone field", "enter"],
    ["taps the button", "tap"],
  ])("a visitor who fills both fields and %s at once is sent exactly once", async (_label, how) => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    await page.clock.install()
    const scripts = await holdScripts(page)
    const sends = watchSends(page)
    await page.goto(browser.url(paths.estimate), { waitUntil: "domcontentloaded" })
    const navigations = watchNavigations(page)
    const form = estimateForm(page)
    const { name, phone } = visitor()

    await form.name.fill(name)
    await form.phone.fill(phone)
    if (how === "enter") await form.phone.press("Enter")
    else await form.submit.tap()
    // The scripts have not arrived: the browser's own submit was held, and nothing was lost.
    await form.form.and(page.locator("[data-submit-held]")).waitFor()
    expect(scripts.released()).toBe(false)
    expect(page.url()).toBe(browser.url(paths.estimate))
    expect(await form.name.inputValue()).toBe(name)
    expect(await form.phone.inputValue()).toBe(phone)
    expect(await form.form.getAttribute("data-submit-held")).toBe("")

    scripts.release()
    await form.success.waitFor({ timeout: 30000 })
    expect(scripts.released()).toBe(true)
    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(1)
    const entries = entriesFrom(name)
    expect(entries).toHaveLength(1)
    expect(entries[0].template_params).toMatchObject({ from_name: name, phone_number: phone })
    expect(entries[0].template_params.message).toContain(`(${paths.estimate})`)
    expect(navigations).toEqual([])
    expect(await form.form.getAttribute("data-submit-held")).toBeNull()
  })
})

describe("a press the browser checks before the page's scripts have run", () => {
  test("a number too short is answered at once on its field, in the form's words; nothing is held or sent until it is mended", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    const scripts = await holdScripts(page)
    const sends = watchSends(page)
    await page.goto(browser.url(paths.estimate), { waitUntil: "domcontentloaded" })
    const form = estimateForm(page)
    const { name, phone } = visitor()

    await form.name.fill(name)
    await form.phone.tap()
    await page.keyboard.type(phone.slice(0, 3))
    await form.submit.tap()
    // The browser's own check: the press goes nowhere, the field is focused and says why in the form's words.
    const said = await form.phone.evaluate(input => ({
      message: (input as HTMLInputElement).validationMessage,
      focused: input === document.activeElement,
    }))
    expect(said).toEqual({ message: messages.phoneTooShort, focused: true })
    expect(await form.form.getAttribute("data-submit-held")).toBeNull()
    expect(page.url()).toBe(browser.url(paths.estimate))
    expect(scripts.released()).toBe(false)
    // The same words stay under the field, seen and heard, while the visitor types; the name is fine.
    await expect(saidUnder(page, "phone")).resolves.toEqual({
      shown: [messages.phoneTooShort],
      heard: messages.phoneTooShort,
    })
    await expect(saidUnder(page, "name")).resolves.toEqual({ shown: [], heard: "" })
    await page.keyboard.type(phone.slice(3, 5))
    await expect(saidUnder(page, "phone")).resolves.toEqual({
      shown: [messages.phoneTooShort],
      heard: messages.phoneTooShort,
    })

    // Mended, the words go, and the press is held for the code, which sends it once.
    await page.keyboard.type(phone.slice(5))
    expect(await form.phone.evaluate(input => (input as HTMLInputElement).validity.valid)).toBe(true)
    await expect(saidUnder(page, "phone")).resolves.toEqual({ shown: [], heard: "" })
    expect(scripts.released()).toBe(false)
    await form.submit.tap()
    await form.form.and(page.locator("[data-submit-held]")).waitFor()
    scripts.release()
    await form.success.waitFor({ timeout: 30000 })
    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(1)
    expect(entriesFrom(name)[0].template_params).toMatchObject({ from_name: name, phone_number: phone })
  })

  test("the words the browser showed under a field become the engine's when the code comes, shown once", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    const scripts = await holdScripts(page)
    await page.goto(browser.url(paths.estimate), { waitUntil: "domcontentloaded" })
    const form = estimateForm(page)
    await form.name.tap()
    await page.keyboard.type("J")
    await form.submit.tap()
    await expect(saidUnder(page, "name")).resolves.toEqual({
      shown: [messages.nameTooShort],
      heard: messages.nameTooShort,
    })

    scripts.release()
    await form.name.and(page.locator('[aria-invalid="true"]')).waitFor()
    expect(await form.form.evaluate(element => (element as HTMLFormElement).noValidate)).toBe(true)
    for (const [field, words] of [
      ["name", messages.nameTooShort],
      ["phone", messages.phoneTooShort],
    ] as const)
      await expect(saidUnder(page, field)).resolves.toEqual({ shown: [words], heard: words })
    // The engine checks each letter from here, as the browser did.
    await page.keyboard.type("o")
    await form.name.and(page.locator(":not([aria-invalid])")).waitFor()
    await expect(saidUnder(page, "name")).resolves.toEqual({ shown: [], heard: "" })
    expect(await form.name.inputValue()).toBe("Jo")
  })
})

/**
 * What a field of the estimate form says under it: the words shown on the screen (the engine's text, or the
 * browser's check drawn by the form's styles) and the description Chromium gives screen readers.
 */
async function saidUnder(page: Page, field: "name" | "phone") {
  const selector = `#estimate input[name="${field}"]`
  const shown = await page.locator(selector).evaluate(input =>
    Array.from(input.parentElement?.querySelectorAll("p") ?? [])
      .filter(element => getComputedStyle(element).display !== "none")
      .map(element => {
        const generated = getComputedStyle(element, "::before").content
        return (element.textContent || (generated === "none" ? "" : JSON.parse(generated))) as string
      }),
  )
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 })
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector })
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })
    return { shown, heard: String(nodes[0]?.description?.value ?? "") }
  } finally {
    await cdp.detach()
  }
}

describe("typing while the page's code arrives", () => {
  test("a phone visitor's touch on the form fetches the code; every character typed meanwhile is kept, and then checked", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    const scripts = await holdScripts(page)
    const requested: string[] = []
    page.on("request", request => {
      if (request.url().endsWith(".js")) requested.push(request.url())
    })
    await page.goto(browser.url(paths.estimate), { waitUntil: "load" })
    expect(requested).toEqual([])
    const form = estimateForm(page)

    // The touch asks for the code; the connection holds it back while the visitor types. The request reaches this
    // process a moment after the browser makes it (a busy CI run once read none right after the first letter).
    const codeAsked = page.waitForRequest(request => request.url().endsWith(".js"), { timeout: 15_000 })
    await form.name.tap()
    await page.keyboard.type("J")
    await codeAsked
    expect(requested.length).toBeGreaterThan(0)
    await page.keyboard.type("o")
    scripts.release()
    // Typed while the code runs and hydrates the page.
    await page.keyboard.type("rge Ruiz", { delay: 20 })
    await page.waitForFunction(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)
    expect(await form.name.inputValue()).toBe("Jorge Ruiz")
    await expect(form.name.evaluate(input => input === document.activeElement)).resolves.toBe(true)

    // The form now checks what it is given: a number too short is refused with words, and nothing goes.
    const sends = watchSends(page)
    await form.phone.tap()
    await page.keyboard.type("80")
    await form.submit.tap()
    await form.form.getByText(messages.phoneTooShort, { exact: true }).waitFor()
    expect(sends).toHaveLength(0)
    expect(await form.phone.getAttribute("aria-invalid")).toBe("true")
    expect(await form.name.inputValue()).toBe("Jorge Ruiz")
  })

  // React hydrates what an event lands on at once, in that event's task: a press made as the code arrived waited
  // 200–320 ms for it at 4x CPU. Until React has hydrated the form, the browser alone answers (early-submit.ts).
  test("a press on the form while React hydrates the page is the browser's to answer, and React hydrates the form after", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    // In the page, the moment React listens on its root and has not yet hydrated the form: a press then, as a tap
    // sends it, and whether React hydrated the form inside it and the browser checked it.
    await page.addInitScript(() => {
      const watch = () => {
        const root = document.getElementById("___gatsby")
        const form = document.querySelector("#estimate form")
        const listening = root && Object.keys(root).some(key => key.startsWith("__reactContainer$"))
        if (!listening || !form || form.hasAttribute("data-hydrated")) return void setTimeout(watch, 0)
        const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!
        for (const type of ["pointerdown", "mousedown", "focusin", "pointerup", "mouseup"])
          button.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }))
        button.click()
        Object.assign(window, {
          pressedWhileHydrating: {
            formHydrated: form.hasAttribute("data-hydrated"),
            browserChecked: form.hasAttribute("data-native-checked"),
          },
        })
      }
      watch()
    })
    await page.goto(browser.url(paths.estimate), { waitUntil: "load" })
    const form = estimateForm(page)
    await form.name.tap()
    await page.keyboard.type("J")
    await page.waitForFunction(() => "pressedWhileHydrating" in window)
    await expect(
      page.evaluate(() => (window as { pressedWhileHydrating?: object }).pressedWhileHydrating),
    ).resolves.toEqual({ formHydrated: false, browserChecked: true })
    // React hydrated the form after, and its engine has taken the checking over with the press in mind: the
    // number's words show at once, and the letter typed is kept.
    await page.waitForFunction(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)
    await expect(form.form.getAttribute(HYDRATED_ATTRIBUTE)).resolves.toBe("")
    await page.waitForFunction(() => document.querySelector<HTMLFormElement>("#estimate form")?.noValidate)
    await expect(form.phone.getAttribute("aria-invalid")).resolves.toBe("true")
    await page.keyboard.type("o")
    expect(await form.name.inputValue()).toBe("Jo")
  })
})

describe("when the mail service cannot take it", () => {
  test("a 500 is tried once more, and the 200 that follows shows success", async () => {
    const page = await browser.newPage()
    let calls = 0
    await page.route(SEND_URL, route => {
      calls += 1
      // The inbox answers 500 to a request that asks for it.
      return calls === 1 ? route.continue({ url: `${SEND_URL}?mode=error` }) : route.continue()
    })
    const sends = watchSends(page)
    await browser.open(page, sampleServiceRoute)
    const form = estimateForm(page)
    const { name } = await submitAsNewVisitor(form)
    await form.success.waitFor({ timeout: 20000 })

    expect(sends).toHaveLength(2)
    expect(await form.failure.count()).toBe(0)
    expect(entriesFrom(name)).toHaveLength(1)
    // Chromium logs the failed first request.
    browser.takeConsoleErrors(page)
  })

  test("a 400 is not retried; the error offers the call, a text and an e-mail carrying the request", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    // Without its user_id the inbox refuses the request with a 400, as EmailJS does a bad configuration.
    await page.route(SEND_URL, route => {
      const { user_id: _dropped, ...body } = JSON.parse(route.request().postData() ?? "{}")
      return route.continue({ postData: JSON.stringify(body) })
    })
    const sends = watchSends(page)
    await browser.open(page, sampleCityRoute)
    const form = estimateForm(page)
    const { name, phone } = await submitAsNewVisitor(form)
    await form.failure.waitFor({ timeout: 20000 })
    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(1)
    expect(entriesFrom(name)).toEqual([])

    const title = await page.title()
    const sms = (await form.failure.getByRole("link", { name: "text it to us" }).getAttribute("href"))!
    expect(sms.startsWith(`sms:+1${business.phone.replace(/\D/g, "")}?&body=`)).toBe(true)
    const smsBody = decodeURIComponent(sms.slice(sms.indexOf("body=") + 5))
    const ref = /^Estimate request (\S+) /.exec(smsBody)?.[1]
    expect(ref).toMatch(REFERENCE)
    expect(smsBody).toBe(
      `Estimate request ${ref} from ${name}, phone ${phone}. Sent from your website's page "${title}" (${sampleCityRoute}).`,
    )
    const mail = new URL((await form.failure.getByRole("link", { name: "e-mail it to us" }).getAttribute("href"))!)
    expect(mail.protocol).toBe("mailto:")
    expect(mail.pathname).toBe(business.email)
    expect(mail.searchParams.get("subject")).toBe(`Estimate request ${ref} from ${name}`)
    expect(mail.searchParams.get("body")).toBe(smsBody)
    expect(await form.failure.getByRole("link", { name: business.phone }).count()).toBe(1)
    expect(await form.name.inputValue()).toBe(name)
    expect(browser.takeConsoleErrors(page).length).toBeGreaterThan(0)
  })
})

describe("the offline outbox", () => {
  /** A new page on Playwright's clock, opened with the form's code loaded. */
  async function openWithEngine(pathname: string) {
    const page = await browser.newPage()
    await page.clock.install()
    return { page, form: await browser.openWithEngine(page, pathname) }
  }

  test("offline: kept on the device, then sent once when the connection is back", async () => {
    const { page, form } = await openWithEngine("/")
    const sends = watchSends(page)
    await page.context().setOffline(true)
    const { name, phone } = await submitAsNewVisitor(form)
    await form.offline.waitFor()
    expect(await outboxEntry(page)).toMatchObject({ lead: { name, phone, pagePath: "/" } })
    expect(sends).toHaveLength(0)
    takeOfflineErrors(page)

    await page.context().setOffline(false)
    await form.success.waitFor({ timeout: 20000 })
    const entries = await arrivedFrom(name)
    expect(entries).toHaveLength(1)
    expect(entries[0].template_params.message).toMatch(/Kept on the visitor's device while offline and delivered/)
    expect(await outboxEntry(page)).toBeNull()

    // Another online event, another page view: nothing more goes out.
    await page.evaluate(() => window.dispatchEvent(new Event("online")))
    await nothingMoreToSend(page, sends)
    await browser.open(page, paths.estimate)
    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(1)
    expect(entriesFrom(name)).toHaveLength(1)
  })

  test("a dropped connection: kept after the retry, and sent on the visitor's next page view", async () => {
    const { page, form } = await openWithEngine(sampleServiceRoute)
    // The connection drops: the mail service and the site itself stop answering, though the browser still
    // thinks it is online.
    const dropped = (route: Route) => route.abort("internetdisconnected")
    const ownPage = (url: URL) => url.pathname === sampleServiceRoute
    await page.route(SEND_URL, dropped)
    await page.route(ownPage, dropped)
    const sends = watchSends(page)
    const { name } = await submitAsNewVisitor(form)
    await form.offline.waitFor({ timeout: 20000 })
    expect(sends).toHaveLength(2)
    expect(entriesFrom(name)).toEqual([])
    browser.takeConsoleErrors(page)

    await page.unroute(SEND_URL)
    await page.unroute(ownPage)
    // A page without the form: the layout's notice sends it and says so.
    await browser.open(page, paths.locations)
    await page.getByRole("status").filter({ hasText: SUCCESS }).waitFor({ timeout: 20000 })
    expect(
      await eventually(
        () => entriesFrom(name).length,
        count => count > 0,
      ),
    ).toBe(1)
    expect(await outboxEntry(page)).toBeNull()
    await page.reload()
    await waitForHydration(page)
    await nothingMoreToSend(page, sends)
    expect(entriesFrom(name)).toHaveLength(1)
    expect(sends).toHaveLength(3)
  })

  test("a blocked mail service, online: said plainly, the other ways first, nothing kept to retry", async () => {
    const { page, form } = await openWithEngine(paths.estimate)
    // As a content blocker does: the mail service's request is aborted, the site still answers.
    await page.route(SEND_URL, (route: Route) => route.abort("blockedbyclient"))
    const sends = watchSends(page)
    const { name, phone } = await submitAsNewVisitor(form)
    const blocked = form.section.getByRole("alert").filter({ hasText: "could not be sent from this browser" })
    await blocked.waitFor({ timeout: 20000 })
    expect(await blocked.textContent()).not.toMatch(/offline/i)
    const links = await blocked.getByRole("link").evaluateAll(found => found.map(link => link.getAttribute("href")))
    expect(links[0]).toMatch(/^sms:/)
    expect(links[1]).toMatch(/^mailto:/)
    expect(links[2]).toBe(TEL_HREF)
    expect(await form.name.inputValue()).toBe(name)
    expect(await form.phone.inputValue()).toBe(phone)
    expect(await outboxEntry(page)).toBeNull()
    browser.takeConsoleErrors(page)

    // The next page views do not try it again.
    const sent = sends.length
    await browser.open(page, paths.locations)
    await waitForHydration(page)
    await browser.open(page, "/")
    await waitForHydration(page)
    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(sent)
    expect(entriesFrom(name)).toEqual([])
    browser.takeConsoleErrors(page)
  })

  test("a request kept more than three days is dropped, not sent", async () => {
    const SENT_AT = "2026-11-19T15:00:00.000Z"
    const page = await browser.newPage()
    await page.clock.install()
    await browser.open(page, "/")
    const { name, phone } = visitor()
    const sends = watchSends(page)
    await page.evaluate(
      ([key, saved]) => localStorage.setItem(key, saved),
      [
        OUTBOX_KEY,
        JSON.stringify({
          lead: {
            ref: "K7F4XA",
            name,
            phone,
            pageTitle: "Home",
            pagePath: "/",
            sentAt: SENT_AT,
          },
          businessName: business.name,
          savedAt: Date.now() - 4 * DAY_MS,
        }),
      ],
    )
    await browser.open(page, paths.locations)
    const alert = page.getByRole("alert").filter({ hasText: "Your saved estimate request was not sent." })
    await alert.waitFor()
    // When it was sent, in words on the visitor's own clock.
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(await alert.textContent()).toContain(sentWords(SENT_AT, timeZone))
    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(0)
    expect(entriesFrom(name)).toEqual([])
    expect(await outboxEntry(page)).toBeNull()
  })

  test("a kept request the visitor cancels is never sent, and the values come back", async () => {
    const { page, form } = await openWithEngine(paths.estimate)
    const sends = watchSends(page)
    await page.context().setOffline(true)
    const { name, phone } = await submitAsNewVisitor(form)
    await form.offline.waitFor()
    expect(await form.name.inputValue()).toBe("")

    await form.section.getByRole("button", { name: "Cancel request" }).click()
    expect(await outboxEntry(page)).toBeNull()
    expect(await form.name.inputValue()).toBe(name)
    expect(await form.phone.inputValue()).toBe(phone)
    expect(await form.offline.count()).toBe(0)

    await page.context().setOffline(false)
    // Taken once the page is back online: the links a cancelled notice brings into view prefetch until then.
    takeOfflineErrors(page)
    await browser.open(page, "/")
    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(0)
    expect(entriesFrom(name)).toEqual([])
  })
})

describe("measuring leads", () => {
  /** A phone page that records Google's tag's calls and stays put when a call link is tapped. */
  async function callingPhone() {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    await recordGtag(page)
    // The tap's own navigation would leave for the phone app.
    await page.addInitScript(() =>
      document.addEventListener("click", event => {
        if ((event.target as Element | null)?.closest?.('a[href^="tel:"]')) event.preventDefault()
      }),
    )
    const conversions = async () =>
      (await gtagCalls(page)).filter(([command, action]) => command === "event" && action === "conversion")
    const counted = (count: number) =>
      page.waitForFunction(
        count =>
          ((window as unknown as { __gtagCalls?: unknown[][] }).__gtagCalls ?? []).filter(
            ([command, action]) => command === "event" && action === "conversion",
          ).length >= count,
        count,
      )
    return { page, conversions, counted }
  }

  test("a tap on a call link is counted as a conversion, and nothing is loaded from a third party", async () => {
    const { page, conversions } = await callingPhone()
    const origins = new Set<string>()
    page.on("request", request => origins.add(new URL(request.url()).origin))
    await browser.open(page, sampleServiceRoute)
    await page.locator('main a[href^="tel:"]').first().tap()
    expect(await conversions()).toHaveLength(1)
    expect([...origins]).toEqual([new URL(browser.url("/")).origin])
  })

  test("a tap on a call link made while the page's code is on its way is counted once the code runs", async () => {
    const { page, conversions, counted } = await callingPhone()
    const scripts = await holdScripts(page)
    await page.goto(browser.url(sampleServiceRoute), { waitUntil: "load" })
    const call = page.locator('main a[href^="tel:"]').first()
    // The tap is the visitor's first action: it asks for the code, which the connection holds back.
    await call.tap()
    expect(scripts.released()).toBe(false)
    expect(await conversions()).toEqual([])

    scripts.release()
    await page.waitForFunction(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)
    await counted(1)
    // From then on the code counts each tap, once.
    await call.tap()
    await counted(2)
    await page.waitForTimeout(200)
    expect(await conversions()).toHaveLength(2)
  })
})
