/*
 * `npm run bench -- --against=FOLDER`: a phone visitor's first touch of the estimate form, to a field that checks
 * its typing (touchToWorkingForm), for the build in public/ beside another build kept in FOLDER (a copy of
 * public/ made before a change to the code), alternated in one run (compareWithBefore in bench-touch.mjs).
 * Prints a markdown table. A benchmark, not a test.
 *   cp -r public /tmp/before; (change, build); npm run bench -- --against=/tmp/before [--runs=9]
 */
import fs from "node:fs"
import path from "node:path"
import { compareWithBefore, touchToWorkingForm } from "./bench-touch.mjs"
import { option } from "./bench-options.mjs"

const against = option("against")
if (!against || !fs.existsSync(path.join(against, "index.html")))
  throw new Error(`--against=${against ?? ""}: no built site there (copy public/ there before the change)`)

await compareWithBefore({
  before: against,
  names: ["this build", `the build in ${against} (before)`],
  measure: touchToWorkingForm,
  runs: Number(option("runs") ?? 5),
  title: "First touch of the estimate form to a field that checks its typing",
})
