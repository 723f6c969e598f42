/*
 * The estimate form in Chromium against the served build and the EmailJS stand-in (./estimate-support.ts):
 * real submits in the EmailJS wire format, validation, the failure notices (HTTP 500, dropped network,
 * hang), the Google Ads conversion, no double send, the session draft, and the estimate buttons that lead
 * to a form. What happens before the scripts run, retries and the offline outbox: estimate-delivery.test.ts.
 */
import { paths } from "../../src/lib/paths"
import type { Page, Request, Route } from "playwright-core"
import business from "../../data/business.json"
import {
  arrivedFrom,
  REFERENCE,
  EMAILJS_VERSION,
  STAND_IN_ORIGIN,
  LOCAL_IDS,
  SEND_PATH,
  TEL_HREF,
  entriesFrom,
  estimateForm,
  gtagCalls,
  standInEntries,
  nothingMoreToSend,
  recordGtag,
  setStandInMode,
  submitAsNewVisitor,
  runStandInForFile,
  visitor,
  watchSends,
} from "./estimate-support"
import { setUpBrowser, waitForHydration, waitForScrollEnd } from "./support"
import { sampleCityRoute, sampleServiceRoute } from "../support/site"

jest.setTimeout(90000)

const browser = setUpBrowser()
runStandInForFile()

/** Fills and submits the form, then waits for the error notice and checks the values are still there. */
async function expectFailureKeepsValues(page: Page, sends: Request[], attempts: number) {
  const form = estimateForm(page)
  const { name, phone } = await submitAsNewVisitor(form)
  await form.failure.waitFor({ timeout: 20000 })

  expect(sends).toHaveLength(attempts)
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
  test.each(["/", paths.estimate, sampleServiceRoute, sampleCityRoute])(
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
      expect(sends[0].url()).toBe(`${STAND_IN_ORIGIN}${SEND_PATH}`)
      const entries = await arrivedFrom(name)
      expect(entries).toHaveLength(1)
      expect(entries[0]).toStrictEqual({
        received_at: expect.any(String),
        lib_version: EMAILJS_VERSION,
        ...LOCAL_IDS,
        template_params: {
          to_name: business.name,
          from_name: name,
          phone_number: phone,
          reference: expect.stringMatching(REFERENCE),
          message: expect.any(String),
        },
      })
      const { message, reference } = entries[0].template_params
      // The reference is on the e-mail's first line and in the success notice.
      expect(message.split("\n")[0]).toBe(`New estimate request ${reference} from ${name}, phone ${phone}.`)
      expect(await form.success.textContent()).toContain(`Request ${reference}`)
      expect(message).toContain(name)
      expect(message).toContain(phone)
      // Where the lead came from and when, on the visitor's clock.
      expect(message).toContain(`Page: ${await page.title()} (${pathname})`)
      expect(message).toMatch(/\nSent: \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M \S+/)
      expect(Math.abs(Date.now() - Date.parse(entries[0].received_at))).toBeLessThan(60_000)

      expect(await form.name.inputValue()).toBe("")
      expect(await form.phone.inputValue()).toBe("")
      expect(await form.failure.count()).toBe(0)
      expect(await form.submit.isEnabled()).toBe(true)
    },
  )
})

describe("the consent line", () => {
  test("is read with the button, and its link opens the privacy page", async () => {
    const page = await browser.newPage()
    await browser.open(page, paths.estimate)
    const form = estimateForm(page)
    // The button's accessible description, as Chromium's accessibility tree gives it to a screen reader.
    const session = await page.context().newCDPSession(page)
    const { nodes } = (await session.send("Accessibility.getFullAXTree")) as {
      nodes: { role?: { value: string }; name?: { value: string }; description?: { value: string } }[]
    }
    const button = nodes.find(node => node.role?.value === "button" && node.name?.value === "Get My Free Estimate")
    expect(button?.description?.value).toMatch(
      /call or text this number about your estimate\. It is not a condition of buying anything\.\s*Privacy policy$/,
    )
    const describedBy = (await form.submit.getAttribute("aria-describedby")) as string
    await page.locator(`[id="${describedBy}"]`).getByRole("link", { name: "Privacy policy" }).click()
    await page.waitForURL(url => url.pathname === paths.privacy)
    await page.getByRole("heading", { level: 1, name: "Privacy policy" }).waitFor()
  })
})

describe("validation in the browser", () => {
  test("an empty submit shows both messages under their fields and sends nothing", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    const sends = watchSends(page)
    await browser.open(page, paths.estimate)
    const form = estimateForm(page)
    const before = standInEntries().length

    // Touched first, as a visitor does: the form's engine comes, and takes the check from the browser.
    await form.name.focus()
    await page.waitForFunction(() => document.querySelector<HTMLFormElement>("#estimate form")?.noValidate === true)
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

    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(0)
    expect(standInEntries()).toHaveLength(before)
    expect(await form.success.count()).toBe(0)
    expect(await form.failure.count()).toBe(0)
  })

  test("values too short once their spaces are trimmed are refused too", async () => {
    const page = await browser.newPage()
    await page.clock.install()
    const sends = watchSends(page)
    await browser.open(page, "/")
    const form = estimateForm(page)

    await form.name.fill("  A  ")
    await form.phone.fill("  555 0142  ")
    await form.submit.click()
    await form.form.getByText("Name must be at least 2 characters", { exact: true }).waitFor()
    await form.form.getByText("Please enter a valid phone number", { exact: true }).waitFor()

    await nothingMoreToSend(page, sends)
    expect(sends).toHaveLength(0)
    expect(await form.name.inputValue()).toBe("  A  ")
  })
})

describe("a failed send keeps the values and offers the phone number", () => {
  test("HTTP 500 from the send API, twice: the form tries once more, then shows the error", async () => {
    await setStandInMode("error")
    const page = await browser.newPage()
    await recordGtag(page)
    const sends = watchSends(page)
    await browser.open(page, "/")
    await expectFailureKeepsValues(page, sends, 2)
    expect((await sends[0].response())?.status()).toBe(500)
    expect((await sends[1].response())?.status()).toBe(500)
    // No conversion is counted for a lead that did not arrive.
    expect(await gtagCalls(page)).toEqual([])
  })

  test("a send that never answers fails after 15 s", async () => {
    const page = await browser.newPage()
    // The page's clock is driven by the test, so the 15 s pass at once.
    await page.clock.install()
    const held: Route[] = []
    let routed: () => void = () => {}
    const sendHeld = new Promise<void>(resolve => (routed = resolve))
    await page.route(`${STAND_IN_ORIGIN}${SEND_PATH}`, route => {
      held.push(route)
      routed()
    })
    const sends = watchSends(page)
    await browser.open(page, sampleServiceRoute)
    const form = estimateForm(page)
    const { name, phone } = await submitAsNewVisitor(form)
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
    await browser.open(page, paths.estimate)
    const form = estimateForm(page)
    expect(await gtagCalls(page)).toEqual([])

    const { name } = await submitAsNewVisitor(form)
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
    await setStandInMode("delay")
    const page = await browser.newPage()
    await page.clock.install()
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
    await nothingMoreToSend(page, sends)
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
    await browser.open(page, paths.estimate)
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
    await browser.open(page, sampleServiceRoute)
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
      expect(new URL(page.url()).pathname).toBe(sampleServiceRoute)
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
    await browser.open(page, sampleCityRoute)
    const buttons = estimateButtons(page)
    expect(await buttons.count()).toBeGreaterThanOrEqual(1)

    for (let index = 0; index < (await buttons.count()); index += 1) {
      if (index > 0) await browser.open(page, sampleCityRoute)
      await buttons.nth(index).click()
      await page.waitForURL(url => url.pathname === paths.estimate)
      const form = estimateForm(page)
      await form.name.waitFor()
      expect(await form.phone.isVisible()).toBe(true)
      expect(await form.submit.textContent()).toBe("Get My Free Estimate")
    }
  })
})
