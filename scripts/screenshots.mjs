/*
 * Screenshots of the built site: one page of each type at a phone, a tablet and a laptop width, written
 * as full-page PNGs to screenshots/ (ignored by git), to look at the pages without a browser at hand.
 * Build first (`npm run build:local`), then `npm run screenshots`. Chromium is Debian's, as in the tests.
 */
/* global document, window -- the page.evaluate callbacks run in the browser */
import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"
import { startServer } from "./serve.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const outDir = path.join(root, "screenshots")

const PAGES = [
  ["home", "/"],
  ["estimate", "/estimate/"],
  ["locations", "/locations/"],
  ["service", "/driveways/"],
  ["city", "/locations/provo/"],
  ["404", "/no-such-page"],
]
const WIDTHS = [
  [390, 844],
  [768, 1024],
  [1280, 800],
]

const args = JSON.parse(await readFile(path.join(root, "scripts/chromium-args.json"), "utf8"))
await mkdir(outDir, { recursive: true })
const site = await startServer({ root: process.env.SITE_ROOT ?? path.join(root, "public"), port: 0 })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args })
try {
  for (const [width, height] of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height }, reducedMotion: "reduce" })
    const page = await context.newPage()
    for (const [name, route] of PAGES) {
      await page.goto(`${site.url}${route}`, { waitUntil: "load" })
      // Lazy images load as they come into view: scroll through the page once, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y)
          await new Promise(resolve => setTimeout(resolve, 60))
        }
        window.scrollTo(0, 0)
      })
      await page.waitForLoadState("networkidle")
      const file = path.join(outDir, `${name}-${width}.png`)
      await page.screenshot({ path: file, fullPage: true })
      console.log(path.relative(root, file))
    }
    await context.close()
  }
} finally {
  await browser.close()
  await site.close()
}
