/*
 * Issue 16: no page scrolls sideways at any common width from a 320 px phone to a 1440 px desktop, one
 * page of each type and every service page and county hub city, in Chromium against the served build.
 * 320 px is not here: robustness.test.ts checks every page of the site at 320 px.
 */
import { paths } from "../../src/lib/paths"
import { hubCityRoutes, serviceRoutes } from "../support/site"
import { horizontalOverflow, setUpBrowser } from "./support"

jest.setTimeout(240000)

const browser = setUpBrowser()

const WIDTHS = [360, 390, 414, 600, 768, 1024, 1280, 1440]
const PAGES = ["/", paths.estimate, paths.locations, ...serviceRoutes, ...hubCityRoutes, "/no-such-page"]

test.each(WIDTHS)(`at %i px none of the ${PAGES.length} pages scrolls sideways`, async width => {
  const page = await browser.newPage({ viewport: { width, height: 800 }, hasTouch: width < 768, isMobile: width < 768 })
  const overflowing: string[] = []
  for (const path of PAGES) {
    await page.goto(browser.url(path), { waitUntil: "load" })
    const culprits = await horizontalOverflow(page, 3)
    overflowing.push(...culprits.map(culprit => `${path}: ${culprit}`))
  }
  browser.takeConsoleErrors(page)
  expect(overflowing).toEqual([])
})
