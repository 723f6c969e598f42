/*
 * `npm run bench`: a cold production build (timed), then Lighthouse 12 (mobile, its default simulated
 * throttling) over one page of each type, served locally with compression. Prints a markdown table
 * and writes it to bench/results.md. A benchmark, not a test: the figures depend on the machine.
 */
import fs from "node:fs"
import os from "node:os"
import { spawnSync } from "node:child_process"
import lighthouse from "lighthouse"
import * as chromeLauncher from "chrome-launcher"
import { startServer } from "./serve.mjs"
import { buildEnv } from "./local-inbox-env.mjs"

const PAGES = ["/", "/estimate", "/locations", "/driveways", "/locations/lehi"]
const CHROME_FLAGS = ["--headless=new", ...JSON.parse(fs.readFileSync("scripts/chromium-args.json", "utf8"))]

const skipBuild = process.argv.includes("--no-build")
let buildSeconds = null
if (!skipBuild) {
  spawnSync("npx", ["gatsby", "clean"], { stdio: "inherit", env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } })
  const started = Date.now()
  const build = spawnSync("npx", ["gatsby", "build"], {
    stdio: "inherit",
    env: { ...buildEnv(), GATSBY_TELEMETRY_DISABLED: "1" },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  buildSeconds = (Date.now() - started) / 1000
}

const site = await startServer({ root: "public", port: 0 })
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: CHROME_FLAGS,
})

const kb = bytes => (bytes / 1024).toFixed(1)
const rows = []
try {
  for (const page of PAGES) {
    const { lhr } = await lighthouse(`${site.url}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    })
    const score = name => Math.round((lhr.categories[name].score ?? 0) * 100)
    const items = lhr.audits["network-requests"].details?.items ?? []
    const total = items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
    const js = items
      .filter(item => item.resourceType === "Script")
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
    rows.push({
      page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcp: (lhr.audits["largest-contentful-paint"].numericValue / 1000).toFixed(2),
      tbt: Math.round(lhr.audits["total-blocking-time"].numericValue),
      cls: lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3),
      total: kb(total),
      js: kb(js),
    })
  }
} finally {
  await chrome.kill()
  await site.close()
}

const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; Lighthouse 12 mobile (simulated throttling).`,
  buildSeconds === null ? "Build: not run (--no-build)." : `Cold \`gatsby build\`: ${buildSeconds.toFixed(1)} s.`,
  "",
  "| page | Perf | A11y | BP | SEO | LCP (s) | TBT (ms) | CLS | total (KB) | JS (KB) |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    row =>
      `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${row.total} | ${row.js} |`,
  ),
].join("\n")

console.log(`\n${table}\n`)
fs.mkdirSync("bench", { recursive: true })
fs.writeFileSync("bench/results.md", `${table}\n`)
