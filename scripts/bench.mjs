/*
 * `npm run bench`: a cold production build (timed, with its slowest phases), then Lighthouse 12
 * (mobile, its default simulated throttling) over one page of each type, served locally with
 * compression, several runs per page. Prints a markdown table of the medians and writes it to
 * bench/results.md. A benchmark, not a test: the figures depend on the machine and its load.
 *   npm run bench -- --no-build      reuse the build in public/
 *   npm run bench -- --runs=5        Lighthouse runs per page (default 9)
 */
import fs from "node:fs"
import os from "node:os"
import { spawn, spawnSync } from "node:child_process"
import { stripVTControlCharacters } from "node:util"
import { startServer } from "./serve.mjs"
import { buildEnv } from "./local-inbox-env.mjs"
import { auditPages, PAGE_TYPES } from "./lighthouse-pages.mjs"

const skipBuild = process.argv.includes("--no-build")
const runsFlag = process.argv.find(argument => argument.startsWith("--runs="))
// Nine, not Lighthouse's usual five: on this 2-core machine one run's TBT ranges from 0 to over 100 ms, and
// the median of five moved by up to 40 ms from one benchmark to the next.
const DEFAULT_RUNS = 9
const runs = runsFlag ? Number(runsFlag.slice("--runs=".length)) : DEFAULT_RUNS
const loadAtStart = os.loadavg()[0]

/** Runs the build with its output shown and kept, to read the phase timings from. */
function build() {
  return new Promise(resolve => {
    const child = spawn("npx", ["gatsby", "build"], {
      env: { ...buildEnv(), GATSBY_TELEMETRY_DISABLED: "1", SITE_PREVIEW: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    for (const stream of [child.stdout, child.stderr])
      stream.on("data", chunk => {
        output += chunk
        process.stdout.write(chunk)
      })
    child.on("close", status => resolve({ status, output }))
  })
}

/** Gatsby's "success <phase> - 1.234s" lines, slowest first. */
function phases(output) {
  const plain = stripVTControlCharacters(output)
  return Array.from(plain.matchAll(/^success (.+?) - (\d+\.\d+)s/gm), match => ({
    name: match[1].trim(),
    seconds: Number(match[2]),
  })).sort((a, b) => b.seconds - a.seconds)
}

let buildSeconds = null
let slowest = []
if (!skipBuild) {
  spawnSync("npx", ["gatsby", "clean"], { stdio: "inherit", env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" } })
  const started = Date.now()
  const { status, output } = await build()
  if (status !== 0) process.exit(status ?? 1)
  buildSeconds = (Date.now() - started) / 1000
  slowest = phases(output).slice(0, 4)
}

const median = values => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const site = await startServer({ root: "public", port: 0, precompress: true })
const samples = new Map(PAGE_TYPES.map(page => [page, []]))
try {
  for (let run = 0; run < runs; run++)
    for (const { page, lhr } of await auditPages(site.url)) {
      const score = name => Math.round((lhr.categories[name].score ?? 0) * 100)
      const items = lhr.audits["network-requests"].details?.items ?? []
      const bytes = filter => items.filter(filter).reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
      samples.get(page).push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        total: bytes(() => true),
        js: bytes(item => item.resourceType === "Script"),
        cpuIndex: lhr.environment.benchmarkIndex,
      })
    }
} finally {
  await site.close()
}

const kb = bytes => (bytes / 1024).toFixed(1)
const range = (values, format) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`
const rows = PAGE_TYPES.map(page => {
  const runsOfPage = samples.get(page)
  const of = key => runsOfPage.map(sample => sample[key])
  return [
    page,
    median(of("performance")),
    median(of("accessibility")),
    median(of("bestPractices")),
    median(of("seo")),
    range(of("lcp"), ms => (ms / 1000).toFixed(2)),
    range(of("tbt"), ms => String(Math.round(ms))),
    median(of("cls")).toFixed(3),
    kb(median(of("total"))),
    kb(median(of("js"))),
  ]
})

// Lighthouse times a fixed piece of work before each run (its benchmark index: higher is faster). Simulated
// throttling scales the observed main-thread work, so TBT follows this machine's speed at the moment: figures
// compare only between benchmarks whose indices are alike.
const cpuIndices = [...samples.values()].flat().map(sample => sample.cpuIndex)

const cpu = os.cpus()[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU"
const machine = `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, load average ${loadAtStart.toFixed(1)} at the start;`,
  `Lighthouse 12 mobile (simulated throttling), median of ${runs} runs per page, (min–max) for LCP and TBT;`,
  `Lighthouse's CPU benchmark index ${range(cpuIndices, Math.round)} over all runs (higher is faster).`,
  buildSeconds === null
    ? "Build: not run (--no-build)."
    : `Cold \`gatsby build\`: ${buildSeconds.toFixed(1)} s; slowest phases (some run in parallel): ${slowest
        .map(phase => `${phase.name} ${phase.seconds.toFixed(1)} s`)
        .join(", ")}.`,
  "",
  "| page | Perf | A11y | BP | SEO | LCP (s) | TBT (ms) | CLS | total (KB) | JS (KB) |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(row => `| ${row.join(" | ")} |`),
].join("\n")

console.log(`\n${table}\n`)
fs.mkdirSync("bench", { recursive: true })
fs.writeFileSync("bench/results.md", `${table}\n`)
