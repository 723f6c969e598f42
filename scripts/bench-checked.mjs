/*
 * `npm run bench -- --checked`: how soon a phone visitor's press is answered when what they typed is too short,
 * from their first touch of the estimate form, at 4x CPU (touchToCheckedPress in bench-touch.mjs): the build in
 * public/, whose form lets the browser check its fields until the form's code starts
 * (src/browser/estimate/early-submit.ts), beside a copy of it whose forms carry novalidate, as they did before:
 * there the press is held until the page's code and the form's engine have run, and the engine answers it. Both
 * served alike by scripts/static-server.mjs, on Lighthouse's mobile network and on this machine's own,
 * alternated page by page in one run. Prints a markdown table. A benchmark, not a test.
 *   npm run bench -- --checked            5 presses per page, network and variant
 *   npm run bench -- --checked --runs=9   more
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { startStaticServer } from "./static-server.mjs"
import { alternateTouches, CPU_SLOWDOWN, MOBILE_NETWORK, touchTable, touchToCheckedPress } from "./bench-touch.mjs"

const option = name => process.argv.find(argument => argument.startsWith(`--${name}=`))?.split("=")[1]
const runs = Number(option("runs") ?? 5)
const PAGES = ["/estimate/", "/driveways/", "/locations/lehi/", "/"]
const NETWORKS = [
  ["mobile network", MOBILE_NETWORK],
  ["this machine's", undefined],
]
// The estimate form's tag, as the build writes it: the inline script's mark names it.
const ESTIMATE_FORM = /<form(?=[^>]*\bdata-hold-submit)/g

if (/<form[^>]*\bnovalidate/i.test(fs.readFileSync(path.join("public", "estimate", "index.html"), "utf8")))
  throw new Error("public/'s form already carries novalidate: build this checkout first (node scripts/build-site.mjs)")

// The copy as it was before: every estimate form checked by its code alone.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-checked-"))
const without = path.join(scratch, "public")
fs.cpSync("public", without, { recursive: true })
for (const entry of fs.readdirSync(without, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue
  const file = path.join(entry.parentPath, entry.name)
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(ESTIMATE_FORM, '<form novalidate=""'))
}

const variants = [
  { name: "the browser checks first", server: await startStaticServer({ port: 0 }) },
  { name: "the code alone (before)", server: await startStaticServer({ root: without, port: 0 }) },
]
let times
try {
  times = await alternateTouches({
    measure: touchToCheckedPress,
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
    `First touch of the estimate form, one letter and a press, to the form's answer, ${CPU_SLOWDOWN}x CPU, ${runs} presses on each of ${PAGES.join(", ")}, alternated; ${new Date().toISOString().slice(0, 16)}Z, load ${os.loadavg()[0].toFixed(1)}`,
    "",
    ...touchTable(times, { networks: NETWORKS, variants }),
  ].join("\n"),
)
