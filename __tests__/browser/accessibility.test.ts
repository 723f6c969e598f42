/*
 * axe-core in Chromium over every page of the built site and the 404 page, at phone and desktop widths,
 * with the WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's best practices. Pages are checked one after
 * another in one browser context per width, after hydration and once entrance animations have ended. Any
 * console error or Content-Security-Policy violation on the way fails it too (setUpBrowser): this is the
 * pass that loads and hydrates every page under its policy.
 */
import type { Page } from "playwright-core"
import type { AxeResults, Result } from "axe-core"
import { routes } from "../support/site"
import { addA11yTools } from "./a11y-tools"
import { DESKTOP, PHONE, setUpBrowser } from "./support"

jest.setTimeout(480000)

const browser = setUpBrowser()

const AXE_SCRIPT = require.resolve("axe-core/axe.min.js")
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
const UNKNOWN_PATH = "/no-such-page"

interface PageAudit {
  route: string
  violations: string[]
  passes: number
}

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

async function audit(page: Page, route: string, width: number, { navigate = true } = {}): Promise<PageAudit> {
  if (navigate) {
    await browser.open(page, route)
    // Running animations (the FAQ's entrance) ended at their final values, so colours are measured as they end.
    await page.evaluate(() => window.a11y.settled())
  }
  const results = await page.evaluate(
    tags =>
      (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({
        runOnly: tags,
        // Every violating element in full; a passing rule reports one element, not all of them: half the time.
        resultTypes: ["violations"],
      }),
    AXE_TAGS,
  )
  return { route, violations: describeViolations(route, width, results.violations), passes: results.passes.length }
}

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("axe at %s width", (_name, viewport) => {
  test(`finds no violations on the ${routes.length} pages and the 404 page`, async () => {
    const page = await browser.newPage({ viewport })
    // An init script reaches every page of the context without a <script> element, so a
    // Content-Security-Policy on the pages cannot block it.
    await page.context().addInitScript({ path: AXE_SCRIPT })
    await addA11yTools(page)

    const audits: PageAudit[] = []
    for (const route of routes) audits.push(await audit(page, route, viewport.width))
    audits.push(await audit(page, UNKNOWN_PATH, viewport.width))
    // The 404 page logs the unknown path on purpose and Chromium reports the document's 404 status.
    expect(browser.takeConsoleErrors(page).filter(error => !error.includes("404"))).toEqual([])

    expect(audits).toHaveLength(routes.length + 1)
    // Every page ran a real set of rules, so an empty violation list means something.
    expect(audits.filter(({ passes }) => passes < 20).map(({ route }) => route)).toEqual([])
    expect(audits.flatMap(({ violations }) => violations)).toEqual([])
  })
})

test("the audit catches a violation and names the page, width, rule and element", async () => {
  const page = await browser.newPage({ viewport: DESKTOP })
  await page.context().addInitScript({ path: AXE_SCRIPT })
  await browser.open(page, "/")
  await page.evaluate(() => {
    const empty = document.createElement("a")
    empty.href = "/estimate/"
    empty.id = "nameless"
    document.querySelector("main")?.append(empty)
  })
  const { violations } = await audit(page, "/", DESKTOP.width, { navigate: false })
  expect(violations).toContainEqual(expect.stringMatching(/^\/ at 1280px: link-name \(serious\) on #nameless: /))
})
