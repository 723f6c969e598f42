/*
 * Every page of the built site and the 404 page once, in Chromium at 320 px (the narrowest phone the site is
 * made for), hydrated and under its Content-Security-Policy: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA
 * rules and axe's best practices, nothing scrolling sideways, the footer's last line clear of the phone's action
 * bar at the foot of the page, the status the server answers with, and no console error or policy violation on
 * the way (setUpBrowser). The city pages, the service pages and the projects' pages share their templates, so
 * the wider screens and the other conditions (200% zoom, a short landscape phone) are checked on one page of each
 * kind plus the fullest city and project: the layout changes with the width, not with the page.
 */
import type { BrowserContextOptions, Page } from "playwright-core"
import type { AxeResults, Result } from "axe-core"
import { ACTION_BAR_ID } from "../../src/components/action-bar"
import { paths } from "../../src/lib/paths"
import { fullestCityRoute, PAGE_KINDS, routes, UNKNOWN_ROUTE } from "../support/site"
import { addA11yTools } from "./a11y-tools"
import { DESKTOP, horizontalOverflow, setUpBrowser } from "./support"

jest.setTimeout(480000)

const browser = setUpBrowser()

const AXE_SCRIPT = require.resolve("axe-core/axe.min.js")
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
const NARROWEST: BrowserContextOptions = { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true }

/**
 * The widths from a phone to a wide desktop, and the two conditions whose CSS width is neither, in three kinds of
 * window: a page is loaded once in each and the window resized through its sizes, as CSS lays it out again.
 */
const WINDOWS: { name: string; options: BrowserContextOptions; sizes: { width: number; height: number }[] }[] = [
  {
    name: "a phone",
    options: { hasTouch: true, isMobile: true },
    // The last is a short landscape phone (844×390).
    sizes: [...[360, 390, 414, 600].map(width => ({ width, height: 800 })), { width: 844, height: 390 }],
  },
  { name: "a desktop", options: {}, sizes: [768, 1024, 1280, 1440].map(width => ({ width, height: 800 })) },
  // 200% zoom: a 1280×800 window at twice the size.
  { name: "200% zoom", options: { deviceScaleFactor: 2 }, sizes: [{ width: 640, height: 400 }] },
]

/**
 * The pages a layout is checked on at every width: one of each kind (a policy page, the projects' list and the
 * reviews besides the browser tests' usual kinds), and the longest city page.
 */
const samplePages = () => [
  ...new Set([...PAGE_KINDS, paths.privacy, paths.projects, paths.reviews, fullestCityRoute()]),
]

/** One line per failing element: where, which rule, which element, and axe's summary of what is wrong. */
const describeViolations = (route: string, width: number, violations: Result[]) =>
  violations.flatMap(violation =>
    violation.nodes.map(
      node =>
        `${route} at ${width}px: ${violation.id} (${violation.impact}) on ${node.target.join(" ")}: ${
          node.failureSummary?.replace(/\s+/g, " ") ?? violation.help
        }`,
    ),
  )

/** axe's violations on the page as it is, each on its own line, and how many rules passed. */
async function axe(page: Page, route: string) {
  const results = await page.evaluate(
    tags =>
      (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({
        runOnly: tags,
        // Every violating element in full; a passing rule reports one element, not all of them: half the time.
        resultTypes: ["violations"],
      }),
    AXE_TAGS,
  )
  const width = page.viewportSize()?.width ?? 0
  return { violations: describeViolations(route, width, results.violations), passes: results.passes.length }
}

/** A page that runs axe and the measuring tools on every page it opens, whatever the page's policy. */
async function auditPage(options: BrowserContextOptions) {
  const page = await browser.newPage(options)
  // An init script reaches every page of the context without a <script> element, so a
  // Content-Security-Policy on the pages cannot block it.
  await page.context().addInitScript({ path: AXE_SCRIPT })
  await addA11yTools(page)
  return page
}

/** Opens a route hydrated, with running animations (the FAQ's entrance) ended at their final values. */
async function openSettled(page: Page, route: string) {
  const response = await browser.open(page, route)
  await page.evaluate(() => window.a11y.settled())
  return response?.status()
}

/** At the foot of the page, whether the footer's last line shows above the phone's action bar (or there is none). */
async function footerClearOfBar(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }))
  await page.evaluate(() => window.a11y.settled())
  return page.evaluate(bar => {
    const last = document.querySelector("footer > :last-child")?.getBoundingClientRect()
    const shown = document.getElementById(bar)
    if (!last) return false
    return !shown?.checkVisibility() || last.bottom <= shown.getBoundingClientRect().top
  }, ACTION_BAR_ID)
}

const expectedStatus = (route: string) => (route === UNKNOWN_ROUTE ? 404 : 200)

test(`each of the ${routes.length} pages and the 404 page at 320 px: no axe violation, nothing wider than the screen, the footer clear of the action bar`, async () => {
  const page = await auditPage(NARROWEST)
  const problems: string[] = []
  const rulesRun: number[] = []
  for (const route of [...routes, UNKNOWN_ROUTE]) {
    const status = await openSettled(page, route)
    if (status !== expectedStatus(route)) problems.push(`${route}: answered ${status}`)
    const { violations, passes } = await axe(page, route)
    problems.push(...violations)
    rulesRun.push(passes)
    problems.push(...(await horizontalOverflow(page)).map(culprit => `${route} at 320px scrolls sideways: ${culprit}`))
    if (!(await footerClearOfBar(page))) problems.push(`${route}: the action bar covers the footer's last line`)
  }
  // The 404 page logs the unknown path on purpose and Chromium reports the document's 404 status.
  expect(browser.takeConsoleErrors(page).filter(error => !error.includes("404"))).toEqual([])
  expect(rulesRun).toHaveLength(routes.length + 1)
  // Every page ran a real set of rules, so an empty violation list means something.
  expect(rulesRun.filter(passes => passes < 20)).toEqual([])
  expect(problems).toEqual([])
})

test.each(WINDOWS.map(kind => [kind.name, kind] as const))(
  "in %s's window at each of its sizes none of the sample pages scrolls sideways",
  async (_name, { options, sizes }) => {
    const page = await browser.newPage({ ...options, viewport: sizes[0] })
    const overflowing: string[] = []
    for (const route of samplePages()) {
      const response = await page.goto(browser.url(route), { waitUntil: "load" })
      expect(response?.status()).toBe(expectedStatus(route))
      for (const size of sizes) {
        await page.setViewportSize(size)
        const at = `${size.width}×${size.height}`
        overflowing.push(...(await horizontalOverflow(page, 3)).map(culprit => `${route} at ${at}: ${culprit}`))
      }
    }
    browser.takeConsoleErrors(page)
    expect(overflowing).toEqual([])
  },
)

test("at desktop width the sample pages have no axe violation", async () => {
  const page = await auditPage({ viewport: DESKTOP })
  const problems: string[] = []
  for (const route of samplePages()) {
    await openSettled(page, route)
    const { violations, passes } = await axe(page, route)
    problems.push(...violations)
    if (passes < 20) problems.push(`${route}: only ${passes} rules ran`)
  }
  expect(browser.takeConsoleErrors(page).filter(error => !error.includes("404"))).toEqual([])
  expect(problems).toEqual([])
})

test("the audit catches a violation and names the page, width, rule and element", async () => {
  const page = await auditPage({ viewport: DESKTOP })
  await openSettled(page, "/")
  await page.evaluate(() => {
    const empty = document.createElement("a")
    empty.href = "/estimate/"
    empty.id = "nameless"
    document.querySelector("main")?.append(empty)
  })
  const { violations } = await axe(page, "/")
  expect(violations).toContainEqual(expect.stringMatching(/^\/ at 1280px: link-name \(serious\) on #nameless: /))
})
