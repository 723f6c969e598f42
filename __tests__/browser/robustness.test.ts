/*
 * The site in the less common conditions it must survive, in Chromium against the served build: a 320 px
 * phone, 200% zoom (a 1280×800 window at twice the size: 640×400 CSS px), a short landscape phone, and
 * JavaScript turned off. The header leaves room to read, the menu opens and all its links can be reached, and
 * without scripts one page of each kind shows its content, the phone number and its form (which the browser
 * checks before it posts), and the FAQ answers and the menus work. That no page scrolls sideways in these
 * conditions is every-page.test.ts's.
 */
import { ESTIMATE_SECTION, paths } from "../../src/lib/paths"
import type { BrowserContextOptions, Page } from "playwright-core"
import business from "../../data/business.json"
import { cities, counties, servicePages } from "../fixtures/content"
import { PAGE_KINDS, readPage, sampleCityRoute, sampleServiceRoute, UNKNOWN_ROUTE } from "../support/site"
import { addA11yTools } from "./a11y-tools"
import { DESKTOP, horizontalOverflow, PHONE, setUpBrowser } from "./support"

jest.setTimeout(180000)

const browser = setUpBrowser()

const PHONE_DIGITS = business.phone.replace(/\D/g, "")

const CONDITIONS: [string, BrowserContextOptions][] = [
  ["a 320×640 phone", { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true }],
  ["200% zoom (640×400 CSS px)", { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 }],
  ["a short landscape phone (844×390)", { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true }],
]

describe.each(CONDITIONS)("on %s", (_name, options) => {
  test.each(["/", sampleCityRoute])(
    "on %s the header leaves most of the screen to the page, and every menu link can be reached",
    async route => {
      const page = await browser.newPage(options)
      await addA11yTools(page)
      await browser.open(page, route)
      const viewport = page.viewportSize() ?? PHONE
      const header = await page.locator("header").boundingBox()
      expect(header && header.height / viewport.height).toBeLessThanOrEqual(0.2)

      // Scrolled down, the sticky header stays small too.
      await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }))
      const stuck = await page.locator("header").boundingBox()
      expect(stuck?.y).toBe(0)

      const toggle = page.getByRole("button", { name: "Menu" })
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
      await toggle.focus()
      await page.keyboard.press("Enter")
      const panel = page.locator("#mobile-menu")
      expect(await panel.isVisible()).toBe(true)
      expect(await horizontalOverflow(page)).toEqual([])
      // The panel scrolls within the screen: Tab reaches its last link and shows each one uncovered.
      const links = await panel.locator("a").evaluateAll(anchors => anchors.map(window.a11y.describe))
      const reached: string[] = []
      for (let presses = 0; presses < links.length; presses++) {
        await page.keyboard.press("Tab")
        const focus = await page.evaluate(() => window.a11y.inspectFocus())
        expect({ link: focus.name, visible: focus.visible }).toEqual({ link: focus.name, visible: true })
        reached.push(focus.name ?? "")
      }
      expect(reached).toEqual(links)
      const last = await panel.locator("a").last().boundingBox()
      expect(last && last.y + last.height).toBeLessThanOrEqual(viewport.height)
    },
  )
})

/** Waits until scrollY holds still; polled from here, since a page without scripts runs no frame callbacks. */
async function scrollStopped(page: Page) {
  let last = -1
  for (let still = 0; still < 3;) {
    await page.waitForTimeout(50)
    const y = await page.evaluate(() => window.scrollY)
    still = y === last ? still + 1 : 0
    last = y
  }
}

describe("with JavaScript turned off", () => {
  const noScript = (viewport = DESKTOP) => browser.newPage({ javaScriptEnabled: false, viewport })

  // The built-site tier reads every page's HTML for the same (no-script.test.ts); here a browser shows it.
  test.each(PAGE_KINDS)("%s shows its heading, a phone number to call, its form and its pictures", async route => {
    const page = await noScript()
    await page.goto(browser.url(route), { waitUntil: "load" })
    const seen = await page.evaluate(
      ({ digits, sectionId }) => {
        const visible = (element: Element | null) =>
          element !== null && element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        const phones = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href^='tel:']")).filter(
          link => visible(link) && link.href.replace(/\D/g, "").endsWith(digits),
        )
        const section = document.getElementById(sectionId)
        return {
          h1: visible(document.querySelector("h1")),
          phoneLinks: phones.length > 0,
          // Where the estimate form is, it is shown with the line saying to call should it not go.
          estimate: section && {
            callNote: /Without JavaScript the form still sends.+call .+ at /s.test(section.innerText),
            callLink: phones.some(link => section.contains(link)),
            formShown: visible(section.querySelector("form[method='post']")),
          },
          hiddenImages: Array.from(document.querySelectorAll("main img"))
            .filter(image => !(visible(image) && (image as HTMLImageElement).complete))
            .map(image => image.getAttribute("src")),
        }
      },
      { digits: PHONE_DIGITS, sectionId: ESTIMATE_SECTION },
    )
    browser.takeConsoleErrors(page)
    const hasForm = readPage(route === UNKNOWN_ROUTE ? "/404" : route).getElementById(ESTIMATE_SECTION) !== null
    expect(seen).toEqual({
      h1: true,
      phoneLinks: true,
      estimate: hasForm ? { callNote: true, callLink: true, formShown: true } : null,
      hiddenImages: [],
    })
  })

  test("the browser itself refuses a press with the name too short: it says so on the field, and posts nothing", async () => {
    const page = await noScript(PHONE)
    const posts: string[] = []
    page.on("request", request => {
      if (request.method() === "POST") posts.push(request.url())
    })
    await page.goto(browser.url(paths.estimate), { waitUntil: "load" })
    const form = page.locator(`#${ESTIMATE_SECTION} form`)
    const name = form.locator('input[name="name"]')
    await name.fill("J")
    await form.getByRole("button", { name: "Get My Free Estimate" }).click()
    const state = await name.evaluate(input => ({
      tooShort: (input as HTMLInputElement).validity.tooShort,
      said: (input as HTMLInputElement).validationMessage.length > 0,
      focused: input === document.activeElement,
    }))
    // A post would have started with the click, and taken the page (and the evaluation above) with it.
    expect(state).toEqual({ tooShort: true, said: true, focused: true })
    expect(posts).toEqual([])
    expect(page.url()).toBe(browser.url(paths.estimate))
    expect(await name.inputValue()).toBe("J")
  })

  test.each(["/", sampleCityRoute])("%s opens each FAQ answer with a tap on its question", async route => {
    const page = await noScript()
    await page.goto(browser.url(route), { waitUntil: "load" })
    const items = page.locator("main details")
    const count = await items.count()
    expect(count).toBeGreaterThanOrEqual(1)
    for (let index = 0; index < count; index++) {
      const answer = items.nth(index).locator("p")
      expect(await answer.isVisible()).toBe(false)
      await items.nth(index).locator("summary").click()
      expect(await answer.isVisible()).toBe(true)
      expect((await answer.innerText()).length).toBeGreaterThan(40)
    }
  })

  test("at desktop width Services and Locations are links, and their panels open on hover and focus", async () => {
    const page = await noScript()
    await page.goto(browser.url(sampleServiceRoute), { waitUntil: "load" })
    const nav = page.getByRole("navigation", { name: "Main" })
    expect(await nav.getByRole("button").count()).toBe(0)
    const services = nav.getByRole("link", { name: "Services", exact: true })
    const locations = nav.getByRole("link", { name: "Locations", exact: true })
    expect(await services.getAttribute("href")).toBe("/#services")
    expect(await locations.getAttribute("href")).toBe(paths.locations)

    // Focus on the link shows its panel, and Tab moves on into it.
    const panel = page.locator("#services-menu")
    expect(await panel.isHidden()).toBe(true)
    await services.focus()
    expect(await panel.isVisible()).toBe(true)
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/#services")
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(sampleServiceRoute)
    await page.locator("h1").click()
    expect(await panel.isHidden()).toBe(true)

    // Under the mouse, Locations' panel opens, and its links lead on.
    await locations.hover()
    // Each county's link leads to its main city's page: the last county's, here.
    const county = counties[counties.length - 1]
    const hub = cities.find(city => city.slug === county.hubCity)
    await page.locator("#locations-menu").getByRole("link", { name: county.name }).click()
    await page.waitForURL(url => url.pathname === paths.city(county.hubCity))
    expect(await page.locator("h1").innerText()).toContain(hub?.name)

    await page.goto(browser.url(sampleServiceRoute), { waitUntil: "load" })
    await nav.getByRole("link", { name: "Locations", exact: true }).click()
    await page.waitForURL(url => url.pathname === paths.locations)
    await nav.getByRole("link", { name: "FAQ", exact: true }).click()
    await page.waitForURL(/\/#faq$/)
  })

  test("on a phone the menu button is a link to the footer's navigation, whose links work", async () => {
    const page = await noScript(PHONE)
    await page.goto(browser.url(sampleServiceRoute), { waitUntil: "load" })
    expect(await page.getByRole("button", { name: /menu/i }).count()).toBe(0)
    const menu = page.getByRole("link", { name: "Menu" })
    expect(await menu.isVisible()).toBe(true)
    await menu.click()
    await page.waitForURL(/#site-links$/)
    await scrollStopped(page)
    // The footer's last service, at the foot of the page.
    const service = servicePages[servicePages.length - 1]
    const footerLink = page.locator("footer").getByRole("link", { name: service.name, exact: true })
    expect(await footerLink.isVisible()).toBe(true)
    const box = await page.locator("footer").boundingBox()
    expect(box && box.y).toBeLessThan(PHONE.height)
    await footerLink.click()
    await page.waitForURL(url => url.pathname === paths.service(service.slug))
    expect(await page.locator("h1").textContent()).toContain(service.headline)
  })
})
