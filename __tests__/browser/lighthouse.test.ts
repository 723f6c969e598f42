/*
 * Lighthouse 12 (mobile) over one page of each type on the served build, a project page with twelve photos
 * among them: Best Practices and SEO at 100. Performance depends on the machine's speed and load, so
 * `npm run bench` measures it and this test leaves it out. Lighthouse is an ES module, so it runs as a program
 * (scripts/lighthouse-pages.mjs) rather than inside Jest.
 */
import { paths } from "../../src/lib/paths"
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { repoRoot, sampleCityRoute, serviceRoutes } from "../support/site"
import { fullestProjectRoute } from "../support/proof"
import { siteForFile, type ServedSite } from "./support"

jest.setTimeout(240000)

// Not Accessibility: Lighthouse runs axe-core for it, which accessibility.test.ts runs on every page at two widths.
const CATEGORIES = ["best-practices", "seo"]

// One page of each type, the city and service pages taken from the content, and the sample project with 12 photos.
const PAGES = ["/", paths.estimate, paths.locations, serviceRoutes[0], sampleCityRoute, fullestProjectRoute]

interface PageSummary {
  page: string
  categories: Record<string, { score: number; failing: string[] }>
}

let site: ServedSite
let summaries: PageSummary[]

beforeAll(async () => {
  site = await siteForFile()
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, "scripts/lighthouse-pages.mjs"), site.url, `--categories=${CATEGORIES.join(",")}`, ...PAGES],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  )
  summaries = JSON.parse(stdout.trim().split("\n").pop() ?? "[]") as PageSummary[]
})

afterAll(async () => {
  await site?.close()
})

test("Lighthouse ran on the home, estimate, locations, a service, a city and a project page", () => {
  expect(summaries.map(summary => summary.page)).toEqual(PAGES)
})

describe.each(CATEGORIES)("Lighthouse %s", category => {
  test("is 100 on every page type", () => {
    const results = summaries.map(summary => ({ page: summary.page, ...summary.categories[category] }))
    // Compared with the audits that failed, so a regression names its cause.
    expect(results).toEqual(results.map(result => ({ page: result.page, score: 100, failing: [] })))
  })
})
