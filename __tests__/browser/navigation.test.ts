/*
 * The header in Chromium against the served build: the desktop dropdowns (hover intent, skip delay, click,
 * Escape, outside click; the walk through them by keyboard is keyboard.test.ts's), the mobile menu, and the FAQ
 * and Free Estimate links on the home page and elsewhere.
 */
import { paths } from "../../src/lib/paths"
import type { Locator, Page } from "playwright-core"
import { counties, servicePages } from "../fixtures/content"
import { sampleServiceRoute, serviceRoutes } from "../support/site"
import { PHONE, setUpBrowser, waitForScrollEnd } from "./support"

jest.setTimeout(60000)

const browser = setUpBrowser()

// Each county links to its menu hub city, as data/counties.json names it.
const COUNTY_LINKS = counties.map(county => [county.name, paths.city(county.hubCity)] as const)

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" })
const menuButton = (page: Page, name: "Services" | "Locations") =>
  mainNav(page).getByRole("button", { name, exact: true })
const menuPanel = (page: Page, name: "Services" | "Locations") => page.locator(`#${name.toLowerCase()}-menu`)

const isExpanded = async (button: Locator) => (await button.getAttribute("aria-expanded")) === "true"
/** Waits until the menu button reports its dropdown open; a menu that never opens fails within 10 s. */
const waitUntilOpen = (button: Locator) =>
  button.and(button.page().locator('[aria-expanded="true"]')).waitFor({ timeout: 10_000 })
const hrefs = (container: Locator) =>
  container.locator("a").evaluateAll(links => links.map(link => link.getAttribute("href")))
const hasFocus = (element: Locator) => element.evaluate(node => node === document.activeElement)

async function center(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error("element is not visible")
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * Starts timing a dropdown in the page: resolves with the milliseconds from the pointer entering the
 * dropdown to its button reporting aria-expanded="true", measured in the page so that the test's own
 * latency does not count.
 */
async function timeOpening(page: Page, panelId: string) {
  await page.evaluate(id => {
    const button = document.querySelector(`[aria-controls="${id}"]`) as HTMLElement
    const timing = new Promise<number>(resolve => {
      let entered = 0
      button.parentElement?.addEventListener("pointerenter", () => (entered = performance.now()), { once: true })
      const observer = new MutationObserver(() => {
        if (button.getAttribute("aria-expanded") !== "true") return
        observer.disconnect()
        resolve(performance.now() - entered)
      })
      observer.observe(button, { attributes: true, attributeFilter: ["aria-expanded"] })
    })
    Object.assign(window, { __openingTime: timing })
  }, panelId)
  return () => page.evaluate(() => (window as unknown as { __openingTime: Promise<number> }).__openingTime)
}

describe("desktop dropdowns (1280×800)", () => {
  let page: Page

  beforeEach(async () => {
    page = await browser.newPage()
    await browser.open(page, "/")
    await page.mouse.move(640, 700)
  })

  test("Services opens on hover after about 200 ms with the intro card and every service link", async () => {
    const services = menuButton(page, "Services")
    const openingTime = await timeOpening(page, "services-menu")
    const target = await center(services)
    await page.mouse.move(target.x, target.y)
    // Timed in the page from the pointer's arrival, so a busy machine's slow round trips cannot fail it:
    // not open before 150 ms, open within 450 ms.
    await waitUntilOpen(services)
    const delay = await openingTime()
    expect(delay).toBeGreaterThanOrEqual(150)
    expect(delay).toBeLessThan(450)

    const panel = menuPanel(page, "Services")
    expect(await panel.isVisible()).toBe(true)
    expect(await hrefs(panel)).toEqual(["/#services", ...serviceRoutes])
    for (const link of await panel.locator("a").all()) expect(await link.isVisible()).toBe(true)
  })

  test("moving from open Services to Locations opens Locations at once and closes Services", async () => {
    const services = menuButton(page, "Services")
    const locations = menuButton(page, "Locations")
    const servicesAt = await center(services)
    await page.mouse.move(servicesAt.x, servicesAt.y)
    await waitUntilOpen(services)

    const openingTime = await timeOpening(page, "locations-menu")
    const locationsAt = await center(locations)
    await page.mouse.move(locationsAt.x, locationsAt.y)
    expect(await openingTime()).toBeLessThan(150)
    expect(await isExpanded(locations)).toBe(true)
    expect(await isExpanded(services)).toBe(false)
    expect(await menuPanel(page, "Services").isHidden()).toBe(true)
    expect(await menuPanel(page, "Locations").isVisible()).toBe(true)
  })

  test("a click opens a dropdown and a second click closes it", async () => {
    const services = menuButton(page, "Services")
    await services.click()
    expect(await isExpanded(services)).toBe(true)
    expect(await menuPanel(page, "Services").isVisible()).toBe(true)
    await services.click()
    expect(await isExpanded(services)).toBe(false)
    expect(await menuPanel(page, "Services").isHidden()).toBe(true)
  })

  test("Escape closes the dropdown and returns focus to its button", async () => {
    const services = menuButton(page, "Services")
    await services.click()
    await page.keyboard.press("Tab")
    expect(await hasFocus(menuPanel(page, "Services").locator("a").first())).toBe(true)
    await page.keyboard.press("Escape")
    expect(await isExpanded(services)).toBe(false)
    expect(await hasFocus(services)).toBe(true)
  })

  test("a click outside closes the dropdown", async () => {
    const locations = menuButton(page, "Locations")
    await locations.click()
    expect(await isExpanded(locations)).toBe(true)
    await page.locator("h1").click()
    expect(await isExpanded(locations)).toBe(false)
    expect(await menuPanel(page, "Locations").isHidden()).toBe(true)
  })

  test("Locations lists each county leading to its main city", async () => {
    await menuButton(page, "Locations").click()
    const panel = menuPanel(page, "Locations")
    expect(await hrefs(panel)).toEqual([paths.locations, ...COUNTY_LINKS.map(([, href]) => href)])
    for (const [county, href] of COUNTY_LINKS) {
      const link = panel.locator("a", { hasText: county })
      expect(await link.getAttribute("href")).toBe(href)
      expect(await link.isVisible()).toBe(true)
    }
  })
})

describe("mobile menu (390×844)", () => {
  let page: Page

  beforeEach(async () => {
    page = await browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true })
  })

  const toggle = (page: Page) => page.getByRole("button", { name: /menu/i })
  const panel = (page: Page) => page.locator("#mobile-menu")

  test("the menu button toggles a panel with every link plus All Locations", async () => {
    await browser.open(page, "/")
    expect(await mainNav(page).isHidden()).toBe(true)
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false")
    expect(await panel(page).isHidden()).toBe(true)

    await toggle(page).click()
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("true")
    expect(await panel(page).isVisible()).toBe(true)
    const links = await hrefs(panel(page))
    for (const href of [...serviceRoutes, paths.locations, ...COUNTY_LINKS.map(([, to]) => to), "#faq", "#estimate"])
      expect(links).toContain(href)
    expect(await panel(page).getByRole("link", { name: "All Locations" }).getAttribute("href")).toBe(paths.locations)

    await toggle(page).click()
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false")
    expect(await panel(page).isHidden()).toBe(true)
  })

  test("choosing a page navigates there and closes the panel", async () => {
    await browser.open(page, "/")
    await toggle(page).click()
    const servicePage = servicePages[0]
    await panel(page).getByRole("link", { name: servicePage.name, exact: true }).click()
    await page.waitForURL(url => url.pathname === sampleServiceRoute)
    await page.waitForFunction(
      heading => document.querySelector("h1")?.textContent?.includes(heading),
      servicePage.headline,
    )
    expect(await panel(page).isHidden()).toBe(true)
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false")
  })

  test("choosing a section on the same page closes the panel", async () => {
    await browser.open(page, "/")
    await toggle(page).click()
    await panel(page).getByRole("link", { name: "FAQ" }).click()
    await page.waitForURL(/#faq$/)
    expect(await panel(page).isHidden()).toBe(true)
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("false")
  })
})

describe("FAQ and Free Estimate in the header", () => {
  test("on the home page they are in-page links to #faq and #estimate", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/")
    expect(await mainNav(page).getByRole("link", { name: "FAQ", exact: true }).getAttribute("href")).toBe("#faq")
    expect(await mainNav(page).getByRole("link", { name: "Free Estimate" }).getAttribute("href")).toBe("#estimate")
  })

  test("elsewhere FAQ leads to the home page scrolled to its #faq section", async () => {
    const page = await browser.newPage()
    await browser.open(page, sampleServiceRoute)
    await mainNav(page).getByRole("link", { name: "FAQ", exact: true }).click()
    await page.waitForURL(/\/#faq$/)
    await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 10000 })
    await waitForScrollEnd(page)
    // The section sits just below the sticky header (scroll-padding-top), not further down the screen.
    const top = await page.evaluate(() => document.getElementById("faq")?.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(-2)
    expect(top).toBeLessThan(160)
  })

  test("elsewhere Free Estimate leads to /estimate", async () => {
    const page = await browser.newPage()
    await browser.open(page, sampleServiceRoute)
    await mainNav(page).getByRole("link", { name: "Free Estimate" }).click()
    await page.waitForURL(url => url.pathname === paths.estimate)
    expect(await page.locator("h1").textContent()).toBeTruthy()
  })
})
