/*
 * `npm run bench -- --preload`: what the loader's preloads of each page's code (the template's scripts, the page's
 * data, and the form's engine on a touch of the form: src/build-time/deploy/on-first-action.ts) save a phone
 * visitor: from the first touch of the estimate form to a field that checks its typing (bench-touch.mjs), at 4x
 * CPU, on Lighthouse's mobile network and on this machine's own, for the build in public/ beside a copy of it whose
 * pages name no page code (the loader then preloads the bundles alone, as it did before), served alike by
 * scripts/static-server.mjs and alternated page by page in one run (this machine's speed drifts through the day).
 * Prints a markdown table. A benchmark, not a test.
 *   npm run bench -- --preload            5 touches per page, network and variant
 *   npm run bench -- --preload --runs=9   more
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { startStaticServer } from "./static-server.mjs"
import { alternateTouches, CPU_SLOWDOWN, MOBILE_NETWORK, touchTable, touchToWorkingForm } from "./bench-touch.mjs"

const option = name => process.argv.find(argument => argument.startsWith(`--${name}=`))?.split("=")[1]
const runs = Number(option("runs") ?? 5)
const PAGES = ["/estimate/", "/driveways/", "/locations/lehi/", "/"]
const NETWORKS = [
  ["mobile network", MOBILE_NETWORK],
  ["this machine's", undefined],
]

// The copy without the page code: every page's loader left with its bundles alone.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-preload-"))
const without = path.join(scratch, "public")
fs.cpSync("public", without, { recursive: true })
for (const entry of fs.readdirSync(without, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue
  const file = path.join(entry.parentPath, entry.name)
  const html = fs.readFileSync(file, "utf8")
  fs.writeFileSync(file, html.replace(/ data-(?:page-scripts|page-data|form-scripts)="[^"]*"/g, ""))
}
if (!fs.readFileSync(path.join("public", "index.html"), "utf8").includes("data-page-scripts"))
  throw new Error("public/ names no page code: build it first (node scripts/build-site.mjs)")

const variants = [
  { name: "with the page code preloaded", server: await startStaticServer({ port: 0 }) },
  { name: "bundles alone (before)", server: await startStaticServer({ root: without, port: 0 }) },
]
let times
try {
  times = await alternateTouches({
    measure: touchToWorkingForm,
    variants: variants.map(variant => ({ name: variant.name, url: variant.server.url })),
    pages: PAGES,
    networks: NETWORKS,
    runs,
  })
} finally {
  await Promise.all(variants.map(variant => variant.server.close()))
  fs.rmSync(scratch, { recursive: true, force: true })
}

console.log(
  [
    "",
    `First touch of the estimate form to a field that checks its typing, ${CPU_SLOWDOWN}x CPU, ${runs} touches on each of ${PAGES.join(", ")}, alternated; ${new Date().toISOString().slice(0, 16)}Z, load ${os.loadavg()[0].toFixed(1)}`,
    "",
    ...touchTable(times, { networks: NETWORKS, variants }),
  ].join("\n"),
)
