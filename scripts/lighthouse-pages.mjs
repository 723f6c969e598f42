/*
 * Lighthouse 12 (mobile, its default simulated throttling) over pages of a served site, in one
 * headless Chromium with the flags in scripts/chromium-args.json. Used by `npm run bench` and by the
 * browser tests, which run it as a program:
 *   node scripts/lighthouse-pages.mjs <site url> [--categories=accessibility,seo] [page …]
 * prints, as JSON, each page's category scores and the audits that did not pass.
 */
import fs from "node:fs"
import { fileURLToPath } from "node:url"
import lighthouse from "lighthouse"
import * as chromeLauncher from "chrome-launcher"

/** One page of each type: home, estimate, locations, a service page and a city page. */
export const PAGE_TYPES = ["/", "/estimate/", "/locations/", "/driveways/", "/locations/lehi/"]

export const ALL_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]

const chromeFlags = () => [
  "--headless=new",
  ...JSON.parse(fs.readFileSync(new URL("./chromium-args.json", import.meta.url), "utf8")),
]

/**
 * Lighthouse now and then fails to record the trace of a load (NO_NAVSTART, NO_FCP) and returns a report
 * without metrics; such a run is repeated, up to this many times, rather than counted.
 */
const RETRIES = 2

/** Lighthouse's waits for a page to fall quiet after its first paint and its load (a second each by default). */
const NO_QUIET_WAIT = { pauseAfterFcpMs: 0, pauseAfterLoadMs: 0, networkQuietThresholdMs: 0, cpuQuietThresholdMs: 0 }

/** A headless Chromium for Lighthouse to drive; kill() it when done. */
export const launchChrome = () =>
  chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: chromeFlags() })

/** Lighthouse's report (lhr) of one address, in the given Chromium. */
export async function auditUrl(chrome, url, categories = ALL_CATEGORIES) {
  for (let attempt = 0; ; attempt++) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
      // Without Performance, the page's full screenshot (for the report's pictures) enters no score: the test's
      // audits go without it, 0.83 times the time for the same five pages, alternated in one run. Nor do they wait
      // for the page to fall quiet after its load: the site's code waits for a visitor's first action, so nothing
      // runs after the load event. 0.65 times the time again for six pages, alternated twice in one run, with the
      // same scores.
      ...(categories.includes("performance") ? {} : { disableFullPageScreenshot: true, ...NO_QUIET_WAIT }),
    })
    if (!lhr.runtimeError || attempt === RETRIES) return lhr
    console.error(`Lighthouse: ${url}: ${lhr.runtimeError.code}, running it again`)
  }
}

/** Runs Lighthouse over each page in turn and returns [{ page, lhr }]. */
export async function auditPages(siteUrl, pages = PAGE_TYPES, categories = ALL_CATEGORIES) {
  const chrome = await launchChrome()
  const results = []
  try {
    for (const page of pages) results.push({ page, lhr: await auditUrl(chrome, `${siteUrl}${page}`, categories) })
  } finally {
    await chrome.kill()
  }
  return results
}

/** A category's score out of 100, and the audits in it that scored below full marks. */
export function categorySummary(lhr, category) {
  const { score, auditRefs } = lhr.categories[category]
  const failing = auditRefs
    .map(ref => lhr.audits[ref.id])
    .filter(audit => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
    .map(audit => `${audit.id}: ${audit.title}`)
  return { score: Math.round((score ?? 0) * 100), failing }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [siteUrl, ...rest] = process.argv.slice(2)
  const categoriesFlag = rest.find(argument => argument.startsWith("--categories="))
  const categories = categoriesFlag ? categoriesFlag.slice("--categories=".length).split(",") : ALL_CATEGORIES
  const pages = rest.filter(argument => !argument.startsWith("--"))
  const results = await auditPages(siteUrl, pages.length > 0 ? pages : PAGE_TYPES, categories)
  const summary = results.map(({ page, lhr }) => ({
    page,
    categories: Object.fromEntries(categories.map(category => [category, categorySummary(lhr, category)])),
  }))
  process.stdout.write(`${JSON.stringify(summary)}\n`)
}
