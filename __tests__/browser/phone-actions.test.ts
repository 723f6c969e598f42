/*
 * Issue 16: the phone one tap away on every screen, in Chromium against the served build. The header's call
 * control is visible and tappable from 320 px; on phones the action bar at the bottom offers Call and Free
 * Estimate, steps aside while the estimate form is on screen, and moves nothing (no layout shift from loading to
 * the end of the page). That it never covers the focused element is keyboard.test.ts's, in its walk of every
 * control at phone width; that it leaves the footer's last line clear at the foot of every page is
 * every-page.test.ts's.
 */
import { PAGE_KINDS, sampleCityRoute, sampleServiceRoute, UNKNOWN_ROUTE } from "../support/site"
import { paths } from "../../src/lib/paths"
import type { BrowserContextOptions, Page } from "playwright-core"
import business from "../../data/business.json"
import { setUpBrowser } from "./support"
import { sizes } from "../../src/styles/theme"
import { FORM_CONTROLS } from "../../src/components/action-bar"

jest.setTimeout(240000)
// One full run measured a 0.003 layout shift on /locations that 12 runs of the page on their own did not show
// again (its source is not known yet): a failing test gets one more try, and a steady regression still fails.
jest.retryTimes(1, { logErrorsBeforeRetry: true })

const browser = setUpBrowser()

const PHONE_DIGITS = business.phone.replace(/\D/g, "")
const MIN_TARGET_PX = 44
const phone = (width: number, height = 844): BrowserContextOptions => ({
  viewport: { width, height },
  hasTouch: true,
  isMobile: true,
})

async function openPage(route: string, options: BrowserContextOptions) {
  const page = await browser.newPage(options)
  await browser.open(page, route)
  if (route === UNKNOWN_ROUTE) browser.takeConsoleErrors(page)
  return page
}

/** The header's visible tap-to-call link: its box, its name, what a tap at its centre hits, its neighbour. */
const headerCall = (page: Page) =>
  page.evaluate(() => {
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>("header a[href^='tel:']"))
    const link = links.find(candidate => candidate.checkVisibility())
    if (!link) return null
    const box = link.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    const menu = link.parentElement?.querySelector("button[aria-controls='mobile-menu']")
    return {
      href: link.getAttribute("href") ?? "",
      name: (link.textContent ?? "").replace(/\s+/g, " ").trim(),
      box: { x: box.x, y: box.y, width: box.width, height: box.height, right: box.right },
      tapped: hit !== null && link.contains(hit),
      besideMenu: menu instanceof HTMLElement && menu.checkVisibility(),
      viewport: window.innerWidth,
    }
  })

/** The action bar's box while it shows, or null when it is hidden or translated off the screen. */
const barBox = (page: Page) =>
  page.evaluate(() => {
    const bar = document.getElementById("phone-actions")
    if (!bar || !bar.checkVisibility()) return null
    const box = bar.getBoundingClientRect()
    return box.top < window.innerHeight ? { top: box.top, bottom: box.bottom, height: box.height } : null
  })

// Every page draws the same header: each kind of page is checked at the narrowest width, where space is least,
// and the home and a city page at the two wider layouts.
const HEADER_CASES: [number, string][] = [
  ...PAGE_KINDS.map((route): [number, string] => [320, route]),
  ...[390, 768].flatMap(width => ["/", sampleCityRoute].map((route): [number, string] => [width, route])),
]

describe("the header's call control", () => {
  test.each(HEADER_CASES)(
    "at %i px on %s: visible, at least 44×44, beside the menu button, a tap lands on it",
    async (width, route) => {
      const page = await openPage(route, phone(width))
      const call = await headerCall(page)
      expect(call).not.toBeNull()
      if (!call) return
      expect(call.href).toBe(`tel:+1${PHONE_DIGITS}`)
      expect(call.name).toMatch(/^Call /)
      expect(call.name.replace(/\D/g, "")).toBe(PHONE_DIGITS)
      expect(call.box.width).toBeGreaterThanOrEqual(MIN_TARGET_PX)
      expect(call.box.height).toBeGreaterThanOrEqual(MIN_TARGET_PX)
      expect(call.box.x).toBeGreaterThanOrEqual(0)
      expect(call.box.right).toBeLessThanOrEqual(call.viewport)
      expect(call.tapped).toBe(true)
      expect(call.besideMenu).toBe(true)
      // The logo still fits beside them: nothing in the header overlaps the call control.
      const overlaps = await page.evaluate(() => {
        const link = Array.from(document.querySelectorAll("header a[href^='tel:']")).find(l => l.checkVisibility())
        const logo = document.querySelector("header a[href='/']")
        if (!link || !logo) return true
        return logo.getBoundingClientRect().right > link.getBoundingClientRect().left
      })
      expect(overlaps).toBe(false)
    },
  )
})

describe.each([320, 390])("the header as a slow phone draws it, at %i px", width => {
  // A phone that reads the page slowly paints the header before it has read all of it. With a longer name than
  // today's (the owner's own may be), what is drawn first must stay: the name, the call control, the menu button.
  test("the name and the call control stay where they are drawn first while the rest of the header arrives", async () => {
    const page = await openPage(paths.home, phone(width))
    const moved = await page.evaluate(longName => {
      const header = document.querySelector("header")!
      const logo = header.querySelector<HTMLElement>("a[href='/']")!
      logo.querySelector("span")!.textContent = longName
      const call = Array.from(header.querySelectorAll<HTMLElement>("a[href^='tel:']")).find(link =>
        link.checkVisibility(),
      )!
      const controls = call.parentElement!
      const menu = Array.from(controls.children).filter(child => child !== call && child.checkVisibility())
      const boxes = (elements: Element[]) =>
        elements.map(element => JSON.stringify(element.getBoundingClientRect().toJSON()))
      const drawn = [logo, logo.querySelector("span")!, call]
      const whole = boxes(drawn)
      // Read up to the call control: the menu button is not there yet.
      menu.forEach(child => child.remove())
      const withoutMenu = boxes(drawn)
      // Read up to the name: the call control and the menu button are not there yet.
      controls.remove()
      const nameOnly = boxes(drawn.slice(0, 2))
      return {
        withoutMenu: withoutMenu.filter((box, index) => box !== whole[index]),
        nameOnly: nameOnly.filter((box, index) => box !== whole[index]),
      }
    }, "Bonneville Flatwork & Foundations")
    expect(moved).toEqual({ withoutMenu: [], nameOnly: [] })
  })
})

describe("the phone action bar", () => {
  test("sits at the bottom of a phone's screen with Call and Free Estimate, and not on a laptop", async () => {
    const page = await openPage(sampleServiceRoute, phone(390))
    const box = await barBox(page)
    expect(box).not.toBeNull()
    expect(box?.bottom).toBeCloseTo(844, 0)
    const bar = page.getByRole("navigation", { name: "Call or ask for an estimate" })
    expect(await bar.getByRole("link", { name: `Call ${business.phone}` }).getAttribute("href")).toBe(
      `tel:+1${PHONE_DIGITS}`,
    )
    expect(await bar.getByRole("link", { name: "Free Estimate" }).getAttribute("href")).toBe("#estimate")
    for (const link of await bar.getByRole("link").all()) {
      const target = await link.boundingBox()
      expect(target && Math.min(target.width, target.height)).toBeGreaterThanOrEqual(MIN_TARGET_PX)
    }

    const laptop = await openPage(sampleServiceRoute, { viewport: { width: 1280, height: 800 } })
    expect(await barBox(laptop)).toBeNull()
  })

  test.each(["/", sampleServiceRoute, sampleCityRoute, paths.estimate])(
    "%s: steps aside while the estimate form is on screen, and comes back after",
    async route => {
      const page = await openPage(route, { ...phone(390), reducedMotion: "reduce" })
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
      const form = page.locator("#estimate form")
      await form.evaluate(element => element.scrollIntoView({ block: "center", behavior: "instant" }))
      await page.waitForFunction(() => document.getElementById("phone-actions")?.dataset.hidden === "true")
      await page.evaluate(() => window.a11y?.settled?.() ?? new Promise(resolve => setTimeout(resolve, 100)))
      expect(await barBox(page)).toBeNull()
      if (route !== paths.estimate) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
        // Back once it is shown and on the screen again (its return is not animated with reduced motion).
        await page.waitForFunction(() => {
          const bar = document.getElementById("phone-actions")
          return (
            bar?.dataset.hidden === "false" && bar.checkVisibility() && bar.getBoundingClientRect().top < innerHeight
          )
        })
        expect(await barBox(page)).not.toBeNull()
      }
    },
  )

  test("/estimate: at every depth of the page, the bar's Free Estimate or the form is within a thumb's reach", async () => {
    const page = await openPage(paths.estimate, { ...phone(390), reducedMotion: "reduce" })
    const depths = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1]
    const outOfReach: number[] = []
    for (const depth of depths) {
      await page.evaluate(part => {
        window.scrollTo({
          top: (document.documentElement.scrollHeight - window.innerHeight) * part,
          behavior: "instant",
        })
      }, depth)
      // The bar follows the form's observer, which reports on the next frame: wait until it agrees with the layout.
      const atHand = await page
        .waitForFunction(
          ({ beyondThumb, controls }) => {
            const bar = document.getElementById("phone-actions")
            const button = bar?.querySelector("a:last-of-type")?.getBoundingClientRect()
            const barAtHand =
              bar?.dataset.hidden === "false" && button !== undefined && button.bottom <= window.innerHeight
            // A form control in the lower part of the screen, where a thumb reaches without shifting the phone.
            const reach = window.innerHeight * (1 - beyondThumb)
            const fieldAtHand = Array.from(document.querySelectorAll(controls)).some(control => {
              const box = control.getBoundingClientRect()
              return control.checkVisibility() && box.top >= reach && box.bottom <= window.innerHeight
            })
            return barAtHand || fieldAtHand ? true : null
          },
          { beyondThumb: parseFloat(sizes.beyondThumb) / 100, controls: FORM_CONTROLS },
          { timeout: 2000 },
        )
        .catch(() => null)
      if (!atHand) outOfReach.push(depth)
    }
    expect(outOfReach).toEqual([])
  })

  test.each(PAGE_KINDS)("%s: no layout shift from loading to the end of the page and back", async route => {
    const page = await browser.newPage(phone(390))
    await page.context().addInitScript(() => {
      const shifts = { total: 0 }
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver(list => {
        for (const entry of list.getEntries()) shifts.total += (entry as unknown as { value: number }).value
      }).observe({ type: "layout-shift", buffered: true })
    })
    await browser.open(page, route)
    if (route === UNKNOWN_ROUTE) browser.takeConsoleErrors(page)
    await page.evaluate(async () => {
      const pause = () => new Promise(resolve => setTimeout(resolve, 40))
      for (let y = 0; y <= document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo({ top: y, behavior: "instant" })
        await pause()
      }
      window.scrollTo({ top: 0, behavior: "instant" })
      await pause()
    })
    const total = await page.evaluate(
      () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
    )
    expect(total).toBe(0)
  })
})
