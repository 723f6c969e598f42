/*
 * Page behaviour in Chromium against the served build: the FAQ accordion, breadcrumbs, smooth scrolling
 * on the home page (and none under reduced motion), scroll to top on route change, the 404 page, and bundles
 * that load only on the visitor's first action, with the page's template and data beside them (and the form's
 * engine when that action is on the form). A clean console on every page is every-page.test.ts's.
 */
import fs from "node:fs"
import path from "node:path"
import { ESTIMATE_SECTION, paths } from "../../src/lib/paths"
import type { Page } from "playwright-core"
import { holdBack, PHONE, setUpBrowser, waitForHydration, waitForScrollEnd } from "./support"
import { cityList, cityRoute, sampleCityRoute, serviceRoutes, siteRoot } from "../support/site"
import { faq } from "../fixtures/content"
import { DRAFT_KEY } from "../../src/browser/estimate/draft"
import { HYDRATED_ATTRIBUTE } from "../../src/styles/theme"
import { ENGINE_CHUNK } from "../../src/build-time/deploy/on-first-action"
import { FOOTER_ID } from "../../src/components/footer"

jest.setTimeout(60000)

const browser = setUpBrowser()

/** Which of the home page's FAQ items are open. */
const openItems = (page: Page) =>
  page.locator("#faq details").evaluateAll(items => items.map(item => (item as HTMLDetailsElement).open))

/** The site's bundles the page has requested so far. */
const scriptsRequested = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map(entry => new URL(entry.name).pathname)
      .filter(pathname => pathname.endsWith(".js")),
  )

describe("FAQ accordion on the home page", () => {
  test.each([
    ["before its code has loaded", false],
    ["with its code", true],
  ])("opens one answer at a time and closes it again on a second click, %s", async (_when, withCode) => {
    const page = await browser.newPage()
    await page.goto(browser.url("/"), { waitUntil: "load" })
    if (withCode) await waitForHydration(page)
    const questions = page.locator("#faq summary")
    const count = await questions.count()
    expect(count).toBe(faq.length)
    expect(await openItems(page)).toEqual(Array(count).fill(false))
    const answer = (index: number) => page.locator("#faq details").nth(index).locator("p")

    await questions.nth(0).click()
    expect(await openItems(page)).toEqual([true, ...Array(count - 1).fill(false)])
    expect(await answer(0).isVisible()).toBe(true)

    await questions.nth(1).click()
    expect(await openItems(page)).toEqual([false, true, ...Array(count - 2).fill(false)])
    expect(await answer(0).isVisible()).toBe(false)
    expect(await answer(1).isVisible()).toBe(true)

    await questions.nth(1).click()
    expect(await openItems(page)).toEqual(Array(count).fill(false))
    expect(await answer(1).isVisible()).toBe(false)
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

/** The page's data as Gatsby writes it, and the path of that file: the template's chunk is named in it. */
function pageDataOf(route: string) {
  const dataPath = `/page-data/${route.replace(/^\/|\/$/g, "") || "index"}/page-data.json`
  const data = JSON.parse(fs.readFileSync(path.join(siteRoot, dataPath), "utf8")) as { componentChunkName: string }
  return { dataPath, templateChunk: `/${data.componentChunkName}-` }
}

/** Taps the page's first paragraph, as a reader's first touch. */
async function tapText(page: Page) {
  const box = (await page.locator("main p").first().boundingBox())!
  await page.touchscreen.tap(box.x + 2, box.y + box.height / 2)
}

describe("loading", () => {
  test.each(["/", sampleCityRoute])(
    "%s requests no script until the visitor acts; a touch then fetches each bundle, the template and the data once, in order, and hydrates",
    async route => {
      const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
      const requested: string[] = []
      page.on("request", request => requested.push(new URL(request.url()).pathname))
      await page.goto(browser.url(route), { waitUntil: "load" })
      // A visitor reading: the page has painted, and time passes.
      await page.evaluate(() => new Promise(resolve => setTimeout(resolve, 1500)))
      expect(await scriptsRequested(page)).toEqual([])
      expect(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1)

      await tapText(page)
      await page.waitForFunction(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)
      const names = await scriptsRequested(page)
      expect(names).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/framework-/), expect.stringMatching(/^\/app-/)]),
      )
      // The loader preloads the bundles, the template's scripts and the page's data, and then Gatsby's code asks
      // for them: each must reuse its preload, not fetch it again.
      const { dataPath, templateChunk } = pageDataOf(route)
      const own = requested.filter(
        name =>
          name.endsWith(".js") ||
          [dataPath, "/page-data/app-data.json"].includes(name) ||
          name.startsWith("/page-data/sq/d/"),
      )
      expect(own).toEqual(expect.arrayContaining([dataPath, expect.stringMatching(/^\/page-data\/sq\/d\//)]))
      expect(own.some(name => name.startsWith(templateChunk))).toBe(true)
      expect(own.filter((name, index) => own.indexOf(name) !== index)).toEqual([])
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

  test.each([
    ["on the page's text", false],
    ["on the estimate form", true],
  ])(
    "on a slow connection, a first touch %s asks for the page's template and data (on the form, its engine too) beside the bundles, not after them",
    async (_where, onForm) => {
      const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
      const requested: string[] = []
      page.on("request", request => requested.push(new URL(request.url()).pathname))
      // The app bundle is held back: until it runs, Gatsby's code cannot ask for anything.
      const app = await holdBack(page, url => /^\/app-[^/]*\.js$/.test(url.pathname), 30_000)
      await page.goto(browser.url(sampleCityRoute), { waitUntil: "load" })
      const { dataPath, templateChunk } = pageDataOf(sampleCityRoute)
      // The form's engine, which its first focus or press asks for once the page has hydrated.
      const engine = `/${ENGINE_CHUNK}-`
      if (onForm) await page.locator(`#${ESTIMATE_SECTION} input[name=name]`).tap()
      else await tapText(page)
      const asked = () =>
        requested.includes(dataPath) &&
        requested.some(name => name.startsWith(templateChunk)) &&
        (!onForm || requested.some(name => name.startsWith(engine)))
      for (const end = Date.now() + 10_000; !asked() && Date.now() < end;) await page.waitForTimeout(50)
      expect(requested).toContain(dataPath)
      expect(requested.some(name => name.startsWith(templateChunk))).toBe(true)
      // Asked for only when the touch is on the form: a reader who taps elsewhere is not sent the engine.
      expect(requested.some(name => name.startsWith(engine))).toBe(onForm)
      expect(
        await page.evaluate(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE),
      ).toBe(false)
      app.release()
      await page.waitForFunction(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)
      if (!onForm) return
      // Typing wakes the form's engine, whose import() takes the preloaded script: fetched once, not again.
      await page.keyboard.type("J")
      await page.waitForLoadState("networkidle")
      expect(requested.filter(name => name.startsWith(engine))).toHaveLength(1)
    },
  )

  test("a visitor with a draft kept from an earlier page gets the code at once, and the typing back", async () => {
    const page = await browser.newPage()
    const draft = { name: "Draft Kept", phone: "" }
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [DRAFT_KEY, JSON.stringify(draft)])
    await page.goto(browser.url(paths.estimate), { waitUntil: "load" })
    await page.waitForFunction(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)
    await expect(page.locator("input[name=name]").inputValue()).resolves.toBe(draft.name)
  })

  test("with its scripts blocked, a phone visitor's menu is a link to every page's link, and the FAQ opens", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    await page.route(/\.js$/, route => route.abort())
    await page.goto(browser.url("/"), { waitUntil: "load" })
    const menu = page.getByRole("link", { name: "Menu" })
    await expect(menu.isVisible()).resolves.toBe(true)
    await expect(page.getByRole("button", { name: "Menu" }).isVisible()).resolves.toBe(false)
    await menu.tap()
    await page.waitForURL(new RegExp(`#${FOOTER_ID}$`))
    const footerLinks = page.locator(`#${FOOTER_ID} a[href^="/"]`)
    expect(await footerLinks.count()).toBeGreaterThanOrEqual(serviceRoutes.length)
    await page.locator("#faq summary").first().tap()
    expect(await openItems(page)).toEqual([true, ...Array(faq.length - 1).fill(false)])
    expect(await page.evaluate(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)).toBe(
      false,
    )
    // Chromium logs each blocked bundle.
    expect(browser.takeConsoleErrors(page).every(error => error.includes("net::ERR_FAILED"))).toBe(true)
  })
})
