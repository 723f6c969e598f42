/*
 * `npm run bench`: what the site's scripts cost, measured as a ratio within one run, since this machine's
 * speed drifts several-fold within a day. Lighthouse 12 (mobile, its default simulated throttling) audits
 * one page of each type on this build and on the same pages with every script taken out (the floor the
 * HTML and CSS set), alternately, page by page, so both meet the machine in the same state; optionally a
 * reference commit too, built in a scratch folder. Then, on the pages with the estimate form, the time from a
 * phone visitor's first touch of the form to a field React handles with the form's engine, and the longest a
 * letter or a press then waits while the code arrives, at 4x CPU slowdown (bench-touch.mjs), the builds again in turn. Prints a markdown table and writes it to bench/results.md.
 * A benchmark, not a test: the figures depend on the machine and its load.
 *   npm run bench                   a cold build (gatsby clean, then build), timed, then the audits
 *   npm run bench -- --no-build     audit the build in public/ as it is
 *   npm run bench -- --builds=3     time three cold builds and report the median
 *   npm run bench -- --runs=5       audits per page and variant (default 5)
 *   npm run bench -- --ref=1c34317  also audit that commit's build, in the same rotation
 *   npm run bench -- --growth=0,50,200  the build's cost as photos are added instead (bench-growth.mjs)
 *   npm run bench -- --leads            the Leads API with 100,000 stored requests instead (bench-leads.mjs)
 *   npm run bench -- --received         the press of Send to its answer, with the inbox and without (bench-received.mjs)
 *   npm run bench -- --preload          the first touch to a working form, with each page's code preloaded and without (bench-preload.mjs)
 *   npm run bench -- --checked          the first touch to the answer to a press, the browser checking first and not (bench-checked.mjs)
 *   npm run bench -- --against=DIR      the first touch to a working form, this build against another kept in DIR (bench-against.mjs);
 *                                       --until=checked or --until=typed times the press's answer or the next letter's check instead,
 *                                       --until=waits the longest wait of a letter or the press, typing from the touch
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import zlib from "node:zlib"
import { spawn, spawnSync } from "node:child_process"
import { stripVTControlCharacters } from "node:util"
import { startServer } from "./serve.mjs"
import { buildEnv } from "./emailjs-stand-in-env.mjs"
import { auditUrl, launchChrome, PAGE_TYPES } from "./lighthouse-pages.mjs"
import { CPU_SLOWDOWN, launchTouchBrowser, touchToLongestWait, touchToWorkingForm } from "./bench-touch.mjs"
import { given, option } from "./bench-options.mjs"

// The other benchmarks, each a script of its own, chosen by its flag (--growth takes its counts: --growth=0,50).
const OTHER_BENCHMARKS = {
  growth: "./bench-growth.mjs",
  leads: "./bench-leads.mjs",
  received: "./bench-received.mjs",
  preload: "./bench-preload.mjs",
  checked: "./bench-checked.mjs",
  against: "./bench-against.mjs",
}
const other = Object.keys(OTHER_BENCHMARKS).find(given)
if (other) {
  await import(OTHER_BENCHMARKS[other])
  process.exit(0)
}

const skipBuild = given("no-build")
const builds = skipBuild ? 0 : Number(option("builds") ?? 1)
const runs = Number(option("runs") ?? 5)
const ref = option("ref")
const loadAtStart = os.loadavg()[0]
const root = process.cwd()
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"))
const env = { ...buildEnv(), GATSBY_TELEMETRY_DISABLED: "1", SITE_PREVIEW: "1" }

/** Runs a command in a folder, its output shown and kept (the build's phase timings are read from it). */
function run(command, args, cwd) {
  return new Promise(resolve => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    for (const stream of [child.stdout, child.stderr])
      stream.on("data", chunk => {
        output += chunk
        process.stdout.write(chunk)
      })
    child.on("close", status => resolve({ status, output }))
  })
}

/** A cold build of the project in `cwd`: its seconds and its slowest phases. */
async function coldBuild(cwd) {
  spawnSync("npx", ["gatsby", "clean"], { cwd, env, stdio: "inherit" })
  const started = Date.now()
  const { status, output } = await run("npx", ["gatsby", "build"], cwd)
  if (status !== 0) throw new Error(`The build in ${cwd} failed`)
  const phases = Array.from(stripVTControlCharacters(output).matchAll(/^success (.+?) - (\d+\.\d+)s/gm), match => ({
    name: match[1].trim(),
    seconds: Number(match[2]),
  })).sort((a, b) => b.seconds - a.seconds)
  return { seconds: (Date.now() - started) / 1000, slowest: phases.slice(0, 4) }
}

const median = values => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Every file of a folder, recursively. */
const filesIn = dir =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => path.join(entry.parentPath, entry.name))

// Scripts that run: every <script> but data blocks such as JSON-LD; and the hints that fetch scripts early.
const SCRIPT = /<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/gi
const SCRIPT_HINT = /<link\b[^>]*\bas="script"[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/gi

/** A copy of a built site whose pages carry no script: what the HTML and CSS cost on their own. */
function withoutScripts(from, to) {
  fs.cpSync(from, to, { recursive: true })
  for (const file of filesIn(to).filter(name => name.endsWith(".html")))
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(SCRIPT, "").replace(SCRIPT_HINT, ""))
  return to
}

/** A page's HTML as served (Brotli) and its inline CSS, in KB. */
function pageWeight(siteDir, page) {
  const file = path.join(siteDir, page === "/" ? "index.html" : `${page.slice(1)}/index.html`)
  const html = fs.readFileSync(file)
  const css = Array.from(html.toString("utf8").matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g), match => match[1])
  return {
    html: zlib.brotliCompressSync(html).length / 1024,
    css: Buffer.byteLength(css.join("")) / 1024,
  }
}

// The builds: this one (cold, timed, unless --no-build), and the reference commit's in a scratch worktree.
const buildTimes = []
for (let index = 0; index < builds; index++) buildTimes.push(await coldBuild(root))
if (!fs.existsSync(path.join(root, "public/index.html"))) throw new Error("No build in public/: run without --no-build")

const variants = [{ name: "this build", dir: path.join(root, "public") }]
variants.push({ name: "without scripts", dir: withoutScripts(path.join(root, "public"), path.join(scratch, "floor")) })
let refDir
if (ref) {
  refDir = path.join(scratch, "ref")
  const added = spawnSync("git", ["worktree", "add", "--detach", refDir, ref], { stdio: "inherit" })
  if (added.status !== 0) throw new Error(`git worktree add ${ref} failed`)
  fs.symlinkSync(path.join(root, "node_modules"), path.join(refDir, "node_modules"), "dir")
  await coldBuild(refDir)
  variants.push({ name: ref, dir: path.join(refDir, "public") })
}

// Weighed now: the reference's worktree is gone once the audits end.
const weights = new Map(
  variants.map(variant => [variant.name, new Map(PAGE_TYPES.map(page => [page, pageWeight(variant.dir, page)]))]),
)
const samples = new Map(variants.map(variant => [variant.name, new Map(PAGE_TYPES.map(page => [page, []]))]))
// The pages with the estimate form, where the touch is timed.
const FORM_PAGES = PAGE_TYPES.filter(page => page !== "/locations/")
const touches = new Map(variants.map(variant => [variant.name, new Map(FORM_PAGES.map(page => [page, []]))]))
// And the longest a letter or a press waits, typing from that touch as the code arrives.
const waits = new Map(variants.map(variant => [variant.name, new Map(FORM_PAGES.map(page => [page, []]))]))
const servers = []
const chrome = await launchChrome()
try {
  for (const variant of variants) {
    const server = await startServer({ root: variant.dir, port: 0 })
    servers.push(server)
    variant.url = server.url
  }
  for (let round = 0; round < runs; round++)
    for (const page of PAGE_TYPES)
      // Each round starts with the next variant, so none always meets the machine first.
      for (let turn = 0; turn < variants.length; turn++) {
        const variant = variants[(round + turn) % variants.length]
        const lhr = await auditUrl(chrome, `${variant.url}${page}`, ["performance"])
        samples
          .get(variant.name)
          .get(page)
          .push({
            round,
            performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
            lcp: lhr.audits["largest-contentful-paint"].numericValue,
            tbt: lhr.audits["total-blocking-time"].numericValue,
            cls: lhr.audits["cumulative-layout-shift"].numericValue,
            // Every byte the load fetched (Lighthouse's "total byte weight", as transferred).
            bytes: lhr.audits["total-byte-weight"].numericValue,
            cpuIndex: lhr.environment.benchmarkIndex,
          })
        process.stdout.write(".")
      }
  await chrome.kill()
  const touchBrowser = await launchTouchBrowser()
  try {
    const builds = variants.filter(variant => variant.name !== "without scripts")
    for (let round = 0; round < runs; round++)
      for (const page of FORM_PAGES)
        for (let turn = 0; turn < builds.length; turn++) {
          const variant = builds[(round + turn) % builds.length]
          const address = `${variant.url}${page}`
          // A run that fails (the tap missed, the page went elsewhere) is run once more, not counted.
          const timed = measure =>
            measure(touchBrowser, address).catch(error => {
              console.error(`Touch: ${address}: ${error.message.split("\n")[0]}, running it again`)
              return measure(touchBrowser, address)
            })
          touches
            .get(variant.name)
            .get(page)
            .push(await timed(touchToWorkingForm))
          waits
            .get(variant.name)
            .get(page)
            .push(await timed(touchToLongestWait))
          process.stdout.write(".")
        }
  } finally {
    await touchBrowser.close()
  }
} finally {
  // Killed already when the audits ended; a second kill finds nothing to stop.
  await Promise.resolve(chrome.kill()).catch(() => {})
  await Promise.all(servers.map(server => server.close()))
  if (refDir) spawnSync("git", ["worktree", "remove", "--force", refDir], { stdio: "inherit" })
  fs.rmSync(scratch, { recursive: true, force: true })
}

const of = (variant, page, key) =>
  samples
    .get(variant)
    .get(page)
    .map(sample => sample[key])
/** The median of the differences within each round: this build's figure less the floor's, page by page. */
const pairedDifference = (page, key) =>
  median(of("this build", page, key).map((value, round) => value - of("without scripts", page, key)[round]))
const ms = value => String(Math.round(value))
const kb = bytes => (bytes / 1000).toFixed(1)
/** The median touch-to-form time of a build on a page, or a dash where the page has no form. */
const touchMs = (variant, page, of = touches) =>
  FORM_PAGES.includes(page) ? ms(median(of.get(variant).get(page))) : "–"
const seconds = value => (value / 1000).toFixed(2)

const header = [
  "page",
  "Perf",
  "TBT (ms)",
  "LCP (s)",
  "CLS",
  "no scripts: Perf",
  "TBT",
  "LCP",
  "scripts add: TBT",
  "LCP",
  "first load (KB)",
  "no scripts",
  `touch to form at ${CPU_SLOWDOWN}x (ms)`,
  "longest wait (ms)",
  ...(ref ? [`${ref}: Perf`, "TBT", "first load", "touch to form", "longest wait"] : []),
  "HTML (KB)",
  "CSS (KB)",
  ...(ref ? [`${ref}: HTML`, "CSS"] : []),
]
const rows = PAGE_TYPES.map(page => {
  const weight = weights.get("this build").get(page)
  const refWeight = ref ? weights.get(ref).get(page) : undefined
  return [
    page,
    median(of("this build", page, "performance")),
    ms(median(of("this build", page, "tbt"))),
    seconds(median(of("this build", page, "lcp"))),
    median(of("this build", page, "cls")).toFixed(3),
    median(of("without scripts", page, "performance")),
    ms(median(of("without scripts", page, "tbt"))),
    seconds(median(of("without scripts", page, "lcp"))),
    ms(pairedDifference(page, "tbt")),
    ms(pairedDifference(page, "lcp")),
    kb(median(of("this build", page, "bytes"))),
    kb(median(of("without scripts", page, "bytes"))),
    touchMs("this build", page),
    touchMs("this build", page, waits),
    ...(ref
      ? [
          median(of(ref, page, "performance")),
          ms(median(of(ref, page, "tbt"))),
          kb(median(of(ref, page, "bytes"))),
          touchMs(ref, page),
          touchMs(ref, page, waits),
        ]
      : []),
    weight.html.toFixed(1),
    weight.css.toFixed(1),
    ...(refWeight ? [refWeight.html.toFixed(1), refWeight.css.toFixed(1)] : []),
  ]
})

// Lighthouse times a fixed piece of work before each run (its benchmark index: higher is faster).
const cpuIndices = [...samples.values()].flatMap(pages => [...pages.values()].flat()).map(sample => sample.cpuIndex)
const cpu = os.cpus()[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU"
const machine = `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
const typical =
  buildTimes.length > 0 ? buildTimes.find(time => time.seconds === median(buildTimes.map(b => b.seconds))) : undefined
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, load average ${loadAtStart.toFixed(1)} at the start.`,
  `Lighthouse 12 mobile (simulated throttling), median of ${runs} runs per page and variant, the variants taken in ` +
    `turn page by page; "scripts add" is the median of the differences within each round. Lighthouse's CPU ` +
    `benchmark index ${Math.round(median(cpuIndices))} (${Math.min(...cpuIndices)}–${Math.max(...cpuIndices)}).`,
  buildTimes.length === 0
    ? "Build: not timed (--no-build)."
    : `Cold build (gatsby clean, then gatsby build), ${buildTimes.length} run(s): ${buildTimes
        .map(time => `${time.seconds.toFixed(1)} s`)
        .join(", ")}; median ${median(buildTimes.map(time => time.seconds)).toFixed(1)} s; its slowest phases ` +
      `(some run in parallel): ${(typical?.slowest ?? []).map(phase => `${phase.name} ${phase.seconds.toFixed(1)} s`).join(", ")}.`,
  `First load: every byte the audited load fetched, as Lighthouse's total byte weight counts it (1 KB = 1,000 bytes). ` +
    `Touch to form: from a phone visitor's first touch of the form's name field, made as soon as the page has ` +
    `loaded, to a field React handles with the form's engine in place, Chromium's CPU slowed ${CPU_SLOWDOWN}x, ` +
    `median of ${runs}, the builds in turn. Longest wait: the same touch, then a letter, a press with the name too ` +
    `short and the rest of the name and the phone number typed a key every 120 ms; the longest that any letter or ` +
    `the press waited to be shown or answered (Chromium's Event Timing), median of ${runs}.`,
  "HTML as served (Brotli) and the inline CSS each page carries (uncompressed).",
  "",
  `| ${header.join(" | ")} |`,
  `|${header.map(() => "---").join("|")}|`,
  ...rows.map(row => `| ${row.join(" | ")} |`),
]
const table = lines.join("\n")
console.log(`\n\n${table}\n`)
fs.mkdirSync("bench", { recursive: true })
fs.writeFileSync("bench/results.md", `${table}\n`)
