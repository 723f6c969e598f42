/*
 * For `npm run bench`: how long a phone visitor waits, from the first touch of the estimate form, for a field
 * that takes typing and checks it, with Chromium's CPU slowed four times (DevTools' "4x slowdown", the
 * mid-range phone Lighthouse's mobile preset stands for). The touch comes as soon as the page has loaded,
 * the earliest a visitor could make it, and a letter is typed at once. The field checks what it is given once
 * React has hydrated it and the form's engine has arrived (its onChange is on the element), watched frame by
 * frame from the touch. It reads React's own marks, not the site's, so an older build is measured alike.
 * touchToCheckedPress times the same touch to the form's answer to a press, whoever gives it: the browser's
 * own check before the form's code runs, or the code's.
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

/**
 * Milliseconds from the touch on the form's name field to the form's answer to a press with the name too short:
 * the visitor taps the name, types one letter and taps the button at once, at CPU_SLOWDOWN, on `network` when
 * given. The answer is the browser's own check (an "invalid" event on the field) or the form's code's (the
 * field marked aria-invalid), whichever comes first.
 */
export async function touchToCheckedPress(browser, url, { network } = {}) {
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
      const answered = () => {
        marks.checked ??= performance.now()
      }
      const watch = () => {
        if (document.querySelector(selector)?.getAttribute("aria-invalid") === "true") answered()
        else if (marks.checked === undefined) requestAnimationFrame(watch)
      }
      addEventListener(
        "invalid",
        event => {
          if (event.target.matches(selector)) answered()
        },
        { capture: true },
      )
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
    await page.keyboard.type("J")
    await page.locator('#estimate button[type="submit"]').tap()
    await page.waitForFunction(() => window.__touchBench.checked !== undefined, undefined, { timeout: 30_000 })
    const { touched, checked } = await page.evaluate(() => window.__touchBench)
    return checked - touched
  } finally {
    await context.close()
  }
}

/**
 * Times `measure(browser, address, { network })` `runs` times on each of `pages`, for each network ([label,
 * conditions]) and each variant ({ name, url }: a served copy of the site), alternated page by page, each round
 * starting with the next variant so that neither always meets the machine first (its speed drifts through the
 * day). A run that fails (the tap missed, the page went elsewhere) is run once more, not counted. Returns a Map
 * from `${network label}|${variant name}` to the times.
 */
export async function alternateTouches({ measure, variants, pages, networks, runs }) {
  const browser = await launchTouchBrowser()
  const times = new Map()
  try {
    for (let round = 0; round < runs; round++)
      for (const [label, network] of networks)
        for (const page of pages)
          for (let turn = 0; turn < variants.length; turn++) {
            const variant = variants[(round + turn) % variants.length]
            const address = `${variant.url}${page}`
            const time = await measure(browser, address, { network }).catch(error => {
              console.error(`Touch: ${address}: ${error.message.split("\n")[0]}, running it again`)
              return measure(browser, address, { network })
            })
            const key = `${label}|${variant.name}`
            times.set(key, [...(times.get(key) ?? []), time])
            process.stdout.write(".")
          }
  } finally {
    await browser.close()
  }
  return times
}

/**
 * alternateTouches' times as a markdown table, one row per network: each variant's median with its range, and
 * the first variant's median over the second's.
 */
export function touchTable(times, { networks, variants }) {
  const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const range = values => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`
  const [after, before] = variants.map(variant => variant.name)
  const lines = [`| network | ${before} | ${after} | after / before |`, "| --- | --- | --- | --- |"]
  for (const [label] of networks) {
    const [was, is] = [before, after].map(name => times.get(`${label}|${name}`))
    lines.push(
      `| ${label} | ${Math.round(median(was))} ms (${range(was)}) | ${Math.round(median(is))} ms (${range(is)}) | ${(median(is) / median(was)).toFixed(2)} |`,
    )
  }
  return lines
}
