/*
 * `npm run bench -- --preload`: what the loader's preloads of each page's code (the template's scripts, the page's
 * data, and the form's engine on a touch of the form: src/build-time/deploy/on-first-action.ts) save a phone
 * visitor: from the first touch of the estimate form to a field that checks its typing (touchToWorkingForm), for
 * the build in public/ beside a copy of it whose pages name no page code (the loader then preloads the bundles
 * alone, as it did before), alternated in one run (compareWithBefore in bench-touch.mjs). Prints a markdown table.
 * A benchmark, not a test.
 *   npm run bench -- --preload            5 touches per page, network and build
 *   npm run bench -- --preload --runs=9   more
 */
import fs from "node:fs"
import { compareWithBefore, touchToWorkingForm } from "./bench-touch.mjs"
import { option } from "./bench-options.mjs"

if (!fs.readFileSync("public/index.html", "utf8").includes("data-page-scripts"))
  throw new Error("public/ names no page code: build it first (node scripts/build-site.mjs)")

await compareWithBefore({
  // Every page's loader left with its bundles alone.
  before: html => html.replace(/ data-(?:page-scripts|page-data|form-scripts)="[^"]*"/g, ""),
  names: ["with the page code preloaded", "bundles alone (before)"],
  measure: touchToWorkingForm,
  runs: Number(option("runs") ?? 5),
  title: "First touch of the estimate form to a field that checks its typing",
})
