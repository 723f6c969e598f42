/*
 * `npm run bench -- --checked`: how soon a phone visitor's press is answered when what they typed is too short,
 * from their first touch of the estimate form (touchToCheckedPress), and how soon the letter they type next is
 * checked (touchToCheckedTyping): the build in public/, whose form the browser checks until the form's engine
 * has arrived (src/browser/estimate/early-submit.ts), beside a copy of it whose forms carry novalidate, as they
 * did before (the press then waited for the page's code and the engine, which answered it and then each letter),
 * alternated in one run (compareWithBefore in bench-touch.mjs). Prints two markdown tables.
 * A benchmark, not a test.
 *   npm run bench -- --checked            5 presses per page, network and build
 *   npm run bench -- --checked --runs=9   more
 */
import fs from "node:fs"
import { compareWithBefore, touchToCheckedPress, touchToCheckedTyping } from "./bench-touch.mjs"
import { option } from "./bench-options.mjs"

if (/<form[^>]*\bnovalidate/i.test(fs.readFileSync("public/estimate/index.html", "utf8")))
  throw new Error("public/'s form carries novalidate: build this checkout first (node scripts/build-site.mjs)")

const compared = {
  // The estimate form's tag, which the inline script's mark names, as it was: checked by its code alone.
  before: html => html.replace(/<form(?=[^>]*\bdata-hold-submit)/g, '<form novalidate=""'),
  names: ["the browser checks first", "the code alone (before)"],
  runs: Number(option("runs") ?? 5),
}
await compareWithBefore({
  ...compared,
  measure: touchToCheckedPress,
  title: "First touch of the estimate form, one letter and a press, to the form's answer",
})
await compareWithBefore({
  ...compared,
  measure: touchToCheckedTyping,
  title: "First touch of the estimate form, one letter, a press and its answer, then a second letter, to its check",
})
