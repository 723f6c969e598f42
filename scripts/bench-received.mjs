/*
 * `npm run bench -- --received`: how long a visitor waits from the press of Send to the form's "has been sent", on
 * the built site in public/ served by the host's runtime with the inbox (`wrangler dev`, a local D1), beside the same
 * build served without it (scripts/static-server.mjs, as a plain static host), alternated send by send in one run
 * (this machine's speed drifts through the day). The build must point at the EmailJS stand-in, as the test build
 * does (`SITE_SAMPLE_PROOF=1 node scripts/build-site.mjs`); the stand-in answers at once. Prints a markdown table.
 * A benchmark, not a test.
 *   npm run bench -- --received            9 sends each
 *   npm run bench -- --received --runs=21  more
 */
/* global document -- the page's callbacks run in the browser */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { startServer } from "./serve.mjs"
import { startStaticServer } from "./static-server.mjs"
import { startStandIn } from "./emailjs-stand-in.mjs"
import { STAND_IN_PORT } from "./emailjs-stand-in-env.mjs"
import { launchTouchBrowser } from "./bench-touch.mjs"
import { option } from "./bench-options.mjs"

const runs = Number(option("runs") ?? 9)
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-received-"))

const standIn = await startStandIn({ port: STAND_IN_PORT, file: path.join(scratch, "estimates.jsonl") })
const withInbox = await startServer({ port: 0, onEmail: () => {} })
const plain = await startStaticServer({ port: 0 })
const browser = await launchTouchBrowser()

/** Milliseconds from the press of Send to the form's "has been sent", on a page hydrated and idle before the press. */
async function pressToReceived(origin, send) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    await page.goto(`${origin}/estimate/`, { waitUntil: "load" })
    // The page's code waits for a first action (src/build-time/deploy/on-first-action.ts).
    await page.evaluate(() => document.body.dispatchEvent(new Event("pointerdown", { bubbles: true })))
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"))
    const form = page.locator("#estimate form")
    await form.locator('input[name="name"]').fill(`Bench visitor ${send}`)
    await form.locator('input[name="phone"]').fill("(801) 555-0142")
    await page.waitForLoadState("networkidle")
    const start = performance.now()
    await form.locator('button[type="submit"]').click()
    await page
      .getByRole("status")
      .filter({ hasText: /has been sent/ })
      .waitFor()
    return performance.now() - start
  } finally {
    await context.close()
  }
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const times = { inbox: [], plain: [] }
try {
  for (let send = 0; send < runs; send++) {
    times.inbox.push(await pressToReceived(withInbox.url, `i${send}`))
    times.plain.push(await pressToReceived(plain.url, `p${send}`))
  }
} finally {
  await browser.close()
  await withInbox.close()
  await plain.close()
  await standIn.close()
  fs.rmSync(scratch, { recursive: true, force: true })
}

const row = (name, values) =>
  `| ${name} | ${Math.round(median(values))} | ${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} |`
console.log(
  [
    `From the press of Send to the form's "has been sent", ${runs} sends each, alternated, load ${os.loadavg()[0].toFixed(1)}:`,
    "",
    "| served | median ms | range ms |",
    "| --- | --- | --- |",
    row("the host's runtime with the inbox", times.inbox),
    row("a static host, no inbox", times.plain),
    "",
    `Ratio, with the inbox over without: ${(median(times.inbox) / median(times.plain)).toFixed(2)}`,
  ].join("\n"),
)
