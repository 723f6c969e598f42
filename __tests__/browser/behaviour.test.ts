/*
 * Page behaviour in Chromium against the served build: the FAQ accordion, breadcrumbs, smooth scrolling
 * on the home page (and none under reduced motion), scroll to top on route change, the 404 page,
 * clean consoles on the main pages, and bundles that load only once the page has painted.
 */
import { paths } from "../../src/lib/paths"
import type { Page } from "playwright-core"
import { setUpBrowser, waitForHydration, waitForScrollEnd } from "./support"
import { cityList, cityRoute, sampleCityRoute, sampleServiceRoute, serviceRoutes } from "../support/site"

jest.setTimeout(60000)

const browser = setUpBrowser()

const expanded = (page: Page) =>
  page.locator("#faq button[aria-controls]").evaluateAll(buttons => buttons.map(b => b.getAttribute("aria-expanded")))

const answerVisible = async (page: Page, index: number) => {
  const id = await page.locator("#faq button[aria-controls]").nth(index).getAttribute("aria-controls")
  return page.locator(`[id="${id}"]`).isVisible()
}

describe("FAQ accordion on the home page", () => {
  test("opens one answer at a time and closes it again on a second click", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/")
    const questions = page.locator("#faq button[aria-controls]")
    expect(await questions.count()).toBe(6)
    expect(await expanded(page)).toEqual(Array(6).fill("false"))

    await questions.nth(0).click()
    expect(await expanded(page)).toEqual(["true", ...Array(5).fill("false")])
    expect(await answerVisible(page, 0)).toBe(true)

    await questions.nth(1).click()
    expect(await expanded(page)).toEqual(["false", "true", ...Array(4).fill("false")])
    expect(await answerVisible(page, 0)).toBe(false)
    expect(await answerVisible(page, 1)).toBe(true)

    await questions.nth(1).click()
    expect(await expanded(page)).toEqual(Array(6).fill("false"))
    expect(await answerVisible(page, 1)).toBe(false)
  })
})

describe("breadcrumbs", () => {
  const crumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" }).locator("li")

  /** The trail as a reader sees it: the labels with the separators the stylesheet draws between them. */
  const trail = (page: Page) =>
    crumbs(page).evaluateAll(items =>
      items
        .map((item, index) => {
          const separator = getComputedStyle(item, "::before").content.replace(/^"|"$/g, "")
          return `${index > 0 ? ` ${separator} ` : ""}${item.textContent?.trim()}`
        })
        .join(""),
    )

  test("are hidden on the home page", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/")
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0)
  })

  test("show Home › Service Areas › the city on a city page, the last crumb not a link", async () => {
    const page = await browser.newPage()
    const [city] = cityList
    await browser.open(page, cityRoute(city))
    expect(await trail(page)).toBe(`Home › Service Areas › ${city.name}`)
    const links = crumbs(page).locator("a")
    expect(await links.evaluateAll(anchors => anchors.map(a => a.getAttribute("href")))).toEqual(["/", paths.locations])
    expect(await crumbs(page).last().locator("a").count()).toBe(0)
    expect(await crumbs(page).last().getAttribute("aria-current")).toBe("page")
  })

  test.each([
    [paths.service("patios-rv-pads"), "Home › Patios & RV Pads"],
    [paths.service("stamps-and-stains"), "Home › Stamps & Stains"],
  ])("use the service's own label on %s", async (route, expected) => {
    const page = await browser.newPage()
    await browser.open(page, route)
    expect(await trail(page)).toBe(expected)
    expect(await crumbs(page).last().locator("a").count()).toBe(0)
  })
})

describe("smooth scrolling on the home page", () => {
  /** Clicks the hero's estimate button and records window.scrollY on every frame until scrolling stops. */
  async function scrollToEstimate(page: Page) {
    await page.evaluate(() => {
      const samples = [window.scrollY]
      const tick = () => {
        samples.push(window.scrollY)
        if (samples.length < 600) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
      Object.assign(window, { __scrollSamples: samples })
    })
    const heroButton = page
      .locator("section[aria-labelledby='page-title']")
      .getByRole("link", { name: "Get Free Estimate" })
    expect(await heroButton.getAttribute("href")).toBe("#estimate")
    await heroButton.click()
    const afterClick = await page.evaluate(() => window.scrollY)
    const end = await waitForScrollEnd(page)
    const samples = await page.evaluate(() => (window as unknown as { __scrollSamples: number[] }).__scrollSamples)
    const start = samples[0]
    const intermediate = new Set(samples.filter(y => y > start && y < end))
    const estimateTop = await page.evaluate(() => document.getElementById("estimate")?.getBoundingClientRect().top)
    return { start, end, afterClick, intermediate: intermediate.size, estimateTop }
  }

  test("'Get Free Estimate' in the hero animates the scroll down to #estimate", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/")
    const scroll = await scrollToEstimate(page)
    expect(scroll.start).toBe(0)
    expect(scroll.end).toBeGreaterThan(500)
    expect(scroll.intermediate).toBeGreaterThanOrEqual(3)
    expect(scroll.estimateTop).toBeGreaterThanOrEqual(-2)
    expect(scroll.estimateTop).toBeLessThan(160)
  })

  test("under prefers-reduced-motion the same button jumps at once", async () => {
    const page = await browser.newPage({ reducedMotion: "reduce" })
    await browser.open(page, "/")
    const scroll = await scrollToEstimate(page)
    expect(scroll.end).toBeGreaterThan(500)
    expect(scroll.afterClick).toBe(scroll.end)
    expect(scroll.intermediate).toBe(0)
    expect(scroll.estimateTop).toBeGreaterThanOrEqual(-2)
    expect(scroll.estimateTop).toBeLessThan(160)
  })
})

describe("route changes", () => {
  test("a new page starts at the top after scrolling down and following a link", async () => {
    const page = await browser.newPage()
    await browser.open(page, paths.locations)
    const cityLink = page.locator("main a[href^='/locations/']").last()
    const href = await cityLink.getAttribute("href")
    await cityLink.evaluate(link => {
      link.scrollIntoView({ block: "center", behavior: "instant" })
      // A client-side navigation keeps this window object; a full page load would lose the mark.
      Object.assign(window, { __sameDocument: true })
    })
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)

    await cityLink.click()
    await page.waitForURL(url => url.pathname === href)
    await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("Concrete Contractor in"))
    expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await waitForScrollEnd(page)).toBe(0)
  })
})

describe("the 404 page", () => {
  test("answers an unknown path with status 404, a way home, and logs the path with console.error", async () => {
    const page = await browser.newPage()
    const logged = page.waitForEvent("console", {
      predicate: message => message.type() === "error" && message.text().includes("/no-such-page"),
      timeout: 15000,
    })
    const response = await browser.open(page, "/no-such-page")
    expect(response?.status()).toBe(404)
    await logged
    expect(new URL(page.url()).pathname).toBe("/no-such-page")
    expect(await page.locator("main").innerText()).toContain("404")
    expect(await page.locator("h1").innerText()).toBe("Oops! Page not found")
    expect(await page.locator("main a[href='/']").count()).toBeGreaterThan(0)

    // Besides the logged path, Chromium only reports the document's own 404 status.
    const errors = browser.takeConsoleErrors(page)
    expect(errors.filter(error => error.includes("/no-such-page")).length).toBeGreaterThan(0)
    expect(errors.filter(error => !/no-such-page/.test(error))).toEqual([])
  })
})

describe("console", () => {
  test.each([
    "/",
    paths.estimate,
    paths.locations,
    sampleServiceRoute,
    serviceRoutes[serviceRoutes.length - 1],
    sampleCityRoute,
  ])("%s loads without console errors", async route => {
    const page = await browser.newPage()
    await browser.open(page, route)
    await page.waitForLoadState("networkidle")
    expect({ route, errors: browser.takeConsoleErrors(page) }).toEqual({ route, errors: [] })
  })
})

describe("loading", () => {
  test.each(["/", sampleCityRoute])(
    "%s paints its content before it requests a script, fetches each bundle once, then hydrates",
    async route => {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
      await page.goto(browser.url(route), { waitUntil: "load" })
      await waitForHydration(page)
      const timing = await page.evaluate(() => ({
        contentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter(entry => new URL(entry.name).pathname.endsWith(".js"))
          .map(entry => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
      }))
      expect(timing.contentfulPaint).toBeGreaterThan(0)
      expect(timing.scripts.map(script => script.name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/framework-/), expect.stringMatching(/^\/app-/)]),
      )
      for (const script of timing.scripts) expect(script.start).toBeGreaterThan(timing.contentfulPaint!)
      // The loader preloads the bundles and then adds their scripts: the script must reuse the preload.
      const names = timing.scripts.map(script => script.name)
      expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
      const bundleOrder = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll("body script[src]"),
          script => new URL(script.getAttribute("src")!, location.href).pathname,
        ),
      )
      expect(bundleOrder.slice(0, 3)).toEqual([
        expect.stringMatching(/^\/webpack-runtime-/),
        expect.stringMatching(/^\/framework-/),
        expect.stringMatching(/^\/app-/),
      ])
    },
  )

  test("a page opened in a background tab loads its bundles without waiting for a paint", async () => {
    const page = await browser.newPage()
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden" })
      // No paint observer, and no frame while the HTML is parsed: only the background-tab path loads.
      Reflect.deleteProperty(window, "PerformanceObserver")
      const requestFrame = window.requestAnimationFrame.bind(window)
      window.requestAnimationFrame = callback => (document.readyState === "loading" ? 0 : requestFrame(callback))
    })
    await page.goto(browser.url(paths.estimate), { waitUntil: "load" })
    await waitForHydration(page)
  })
})
