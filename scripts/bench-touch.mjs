/*
 * For `npm run bench`: how long a phone visitor waits, from the first touch of the estimate form, for a field
 * that takes typing and checks it, with Chromium's CPU slowed four times (DevTools' "4x slowdown", the
 * mid-range phone Lighthouse's mobile preset stands for). The touch comes as soon as the page has loaded,
 * the earliest a visitor could make it, and a letter is typed at once. The field checks what it is given once
 * React has hydrated it and the form's engine has arrived (its onChange is on the element), watched frame by
 * frame from the touch. It reads React's own marks, not the site's, so an older build is measured alike.
 */
/* global document, window, requestAnimationFrame, addEventListener -- the page's callbacks run in the browser */
import fs from "node:fs"
import { chromium } from "playwright-core"

export const CPU_SLOWDOWN = 4
const FIELD = '#estimate input[name="name"]'

/** Debian's Chromium with the project's flags, for launchTouchBench's pages. */
export const launchTouchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: JSON.parse(fs.readFileSync(new URL("./chromium-args.json", import.meta.url), "utf8")),
  })

/**
 * Lighthouse's mobile network as DevTools applies it (its "devtools" throttling: 150 ms round trips and
 * 1.6 Mbps, with the request latency scaled by 3.75 and the throughput by 0.9).
 */
export const MOBILE_NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
}

/**
 * Milliseconds from the touch on the form's name field to a field React handles, at CPU_SLOWDOWN, and on
 * `network` (MOBILE_NETWORK) when given.
 */
export async function touchToWorkingForm(browser, url, { network } = {}) {
  // Reduced motion: the site's smooth scrolling would still be moving the form when the tap lands.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(selector => {
      const marks = (window.__touchBench = {})
      // React keeps each hydrated element's props under a __reactProps$ key; the field's onChange is there once
      // the form's engine (Formik and yup, loaded on demand) has arrived.
      const handled = () => {
        const field = document.querySelector(selector)
        const key = field && Object.keys(field).find(name => name.startsWith("__reactProps$"))
        return Boolean(key && typeof field[key].onChange === "function")
      }
      const watch = () => {
        if (handled()) marks.ready = performance.now()
        else requestAnimationFrame(watch)
      }
      addEventListener(
        "touchstart",
        () => {
          if (marks.touched !== undefined) return
          marks.touched = performance.now()
          watch()
        },
        { capture: true },
      )
    }, FIELD)
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
    if (network) {
      await cdp.send("Network.enable")
      await cdp.send("Network.emulateNetworkConditions", network)
    }
    await page.goto(url, { waitUntil: "load" })
    const field = page.locator(FIELD)
    await field.scrollIntoViewIfNeeded()
    await field.tap()
    // And types, as the visitor does: a build whose handlers missed the touch (it came mid-hydration) wakes the
    // form's engine on the first key.
    await page.keyboard.type("J")
    await page.waitForFunction(() => window.__touchBench.ready !== undefined, undefined, { timeout: 30_000 })
    const { touched, ready } = await page.evaluate(() => window.__touchBench)
    return ready - touched
  } finally {
    await context.close()
  }
}
