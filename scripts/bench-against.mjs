/*
 * `npm run bench -- --against=FOLDER`: a phone visitor's first touch of the estimate form, to a field that checks
 * its typing (touchToWorkingForm), for the build in public/ beside another build kept in FOLDER (a copy of
 * public/ made before a change to the code), alternated in one run (compareWithBefore in bench-touch.mjs).
 * `--until=checked` times the touch to the answer to a press instead (touchToCheckedPress), `--until=typed` to
 * the check of the letter typed after it (touchToCheckedTyping), `--until=waits` the longest a letter or the press
 * waits, typing from the touch as the code arrives (touchToLongestWait). Prints a markdown table. A benchmark, not a test.
 *   cp -r public /tmp/before; (change, build); npm run bench -- --against=/tmp/before [--runs=9] [--until=checked]
 */
import fs from "node:fs"
import path from "node:path"
import {
  compareWithBefore,
  touchToCheckedPress,
  touchToCheckedTyping,
  touchToLongestWait,
  touchToWorkingForm,
} from "./bench-touch.mjs"
import { option } from "./bench-options.mjs"

const against = option("against")
if (!against || !fs.existsSync(path.join(against, "index.html")))
  throw new Error(`--against=${against ?? ""}: no built site there (copy public/ there before the change)`)

const MEASURES = {
  ready: [touchToWorkingForm, "First touch of the estimate form to a field that checks its typing"],
  checked: [touchToCheckedPress, "First touch of the estimate form, a letter and a press, to the press's answer"],
  typed: [touchToCheckedTyping, "First touch, a letter, a press and its answer, to the check of the next letter"],
  waits: [
    touchToLongestWait,
    "The longest wait of a letter or the press, typing from the first touch as the code arrives",
  ],
}
const until = option("until") ?? "ready"
if (!MEASURES[until]) throw new Error(`--until=${until}: one of ${Object.keys(MEASURES).join(", ")}`)
const [measure, title] = MEASURES[until]

await compareWithBefore({
  before: against,
  names: ["this build", `the build in ${against} (before)`],
  measure,
  runs: Number(option("runs") ?? 5),
  title,
})
