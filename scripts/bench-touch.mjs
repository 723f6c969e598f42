/*
 * For `npm run bench`: how long a phone visitor waits, from the first touch of the estimate form, for a field
 * that takes typing and checks it, with Chromium's CPU slowed four times (DevTools' "4x slowdown", the
 * mid-range phone Lighthouse's mobile preset stands for). The touch comes as soon as the page has loaded,
 * the earliest a visitor could make it, and a letter is typed at once. The field checks what it is given once
 * React has hydrated it and the form's engine has arrived (its onChange is on the element), watched frame by
 * frame from the touch. It reads React's own marks, not the site's, so an older build is measured alike.
 * touchToCheckedPress times the same touch to the form's answer to a press, whoever gives it: the browser's
 * own check before the form's engine has come, or the engine's; touchToCheckedTyping, to the check of the next
 * letter typed. compareWithBefore times any of them for the build in public/ beside a copy of it as it was
 * before a change (`npm run bench -- --preload`, `-- --checked`).
 */
/* global document, window, requestAnimationFrame, addEventListener, getComputedStyle -- the page's callbacks run in the browser */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { chromium } from "playwright-core"
import { startStaticServer } from "./static-server.mjs"

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

const SUBMIT = '#estimate button[type="submit"]'

/**
 * A phone's browser context, with `run(page)` on its page, closed after. Reduced motion: the site's smooth
 * scrolling would still be moving the form when the tap lands.
 */
async function onPhone(browser, run) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  })
  try {
    return await run(await context.newPage())
  } finally {
    await context.close()
  }
}

/**
 * Slows the page's CPU by CPU_SLOWDOWN (and its network to `network`, when given), loads `url` and brings the
 * form's name field into view; returns the field.
 */
async function openSlowed(page, url, network) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
  if (network) {
    await cdp.send("Network.enable")
    await cdp.send("Network.emulateNetworkConditions", network)
  }
  await page.goto(url, { waitUntil: "load" })
  const field = page.locator(FIELD)
  await field.scrollIntoViewIfNeeded()
  return field
}

/**
 * Milliseconds from a phone visitor's touch on the form's name field, at CPU_SLOWDOWN and on `network`
 * (MOBILE_NETWORK) when given, to `until`, watched frame by frame:
 * - "ready": a field React handles. React keeps each hydrated element's props under a __reactProps$ key; the
 *   field's onChange is there once the form's engine (Formik and yup, loaded on demand) has arrived.
 * - "checked": the form's answer to a press with the name too short (the visitor taps the button after the
 *   letter): the browser's own check (an "invalid" event on the field) or the engine's (the field marked
 *   aria-invalid), whichever comes first.
 * - "typed": a field that checks each letter: after that answer the visitor types a second letter, and the field
 *   says nothing more (no aria-invalid, no words shown under it), whoever checks it.
 */
function timeFromTouch(browser, url, { network, until }) {
  return onPhone(browser, async page => {
    await page.addInitScript(
      ({ selector, until }) => {
        const marks = (window.__touchBench = {})
        const answer = () => {
          marks.answered ??= performance.now()
          if (until === "checked") marks.done ??= marks.answered
        }
        const saysNothing = field =>
          field.getAttribute("aria-invalid") !== "true" &&
          Array.from(field.parentElement.querySelectorAll("p")).every(
            words => getComputedStyle(words).display === "none",
          )
        const reached = {
          ready: field => {
            const key = field && Object.keys(field).find(name => name.startsWith("__reactProps$"))
            return Boolean(key && typeof field[key].onChange === "function")
          },
          checked: () => false,
          typed: field => marks.answered !== undefined && field.value.length > 1 && saysNothing(field),
        }[until]
        const watch = () => {
          const field = document.querySelector(selector)
          if (field?.getAttribute("aria-invalid") === "true") answer()
          if (reached(field)) marks.done ??= performance.now()
          if (marks.done === undefined) requestAnimationFrame(watch)
        }
        addEventListener(
          "invalid",
          event => {
            if (event.target.matches(selector)) answer()
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
      },
      { selector: FIELD, until },
    )
    const field = await openSlowed(page, url, network)
    await field.tap()
    // And types, as the visitor does: a build whose handlers missed the touch (it came mid-hydration) wakes the
    // form's engine on the first key.
    await page.keyboard.type("J")
    if (until !== "ready") await page.locator(SUBMIT).tap()
    if (until === "typed") {
      await page.waitForFunction(() => window.__touchBench.answered !== undefined, undefined, { timeout: 30_000 })
      await page.keyboard.type("o")
    }
    await page.waitForFunction(() => window.__touchBench.done !== undefined, undefined, { timeout: 30_000 })
    const { touched, done } = await page.evaluate(() => window.__touchBench)
    return done - touched
  })
}

/** Milliseconds from the touch on the form's name field to a field React handles (timeFromTouch's "ready"). */
export const touchToWorkingForm = (browser, url, { network } = {}) =>
  timeFromTouch(browser, url, { network, until: "ready" })

/** Milliseconds from the touch to the form's answer to a press with the name too short ("checked"). */
export const touchToCheckedPress = (browser, url, { network } = {}) =>
  timeFromTouch(browser, url, { network, until: "checked" })

/** Milliseconds from the touch to a field that has checked the letter typed after that answer ("typed"). */
export const touchToCheckedTyping = (browser, url, { network } = {}) =>
  timeFromTouch(browser, url, { network, until: "typed" })

/**
 * The longest a phone visitor waits while the code arrives, at CPU_SLOWDOWN and on `network` when given: they touch
 * the form's name field as soon as the page has loaded, type a letter, press the button (the name too short), and
 * go on typing the name and then the phone number, a key every 120 ms, the touch and the keys sent straight to
 * Chromium as a phone sends them (no waiting for the page to be still, as Playwright's clicks do). Each input's
 * wait is Chromium's own measure (the Event Timing API: from the event to the frame that shows what it did, React's
 * work in its handlers included, which the first key after hydration has begun makes finish at once); the press's is
 * the time to the frame that shows the field's words, whoever checks it. Returns the longest wait, in ms; fails
 * unless every letter is in the fields and the form's engine has arrived (the code came during the typing or
 * after it).
 */
export function touchToLongestWait(browser, url, { network } = {}) {
  const name = "John Smith"
  const phone = "8015550123"
  return onPhone(browser, async page => {
    await page.addInitScript(
      ({ selector, submit }) => {
        const marks = (window.__waitBench = { waits: [] })
        new PerformanceObserver(list => {
          for (const entry of list.getEntries())
            if (marks.touched !== undefined && entry.startTime >= marks.touched)
              marks.waits.push({ name: entry.name, at: entry.startTime - marks.touched, wait: entry.duration })
        }).observe({ type: "event", durationThreshold: 16, buffered: true })
        const shown = () => {
          const field = document.querySelector(selector)
          return (
            field?.getAttribute("aria-invalid") === "true" ||
            Array.from(field?.parentElement?.querySelectorAll("p") ?? []).some(
              words => getComputedStyle(words).display !== "none",
            )
          )
        }
        const watch = () => {
          if (shown()) marks.answered = performance.now()
          else requestAnimationFrame(watch)
        }
        addEventListener("touchstart", event => (marks.touched ??= event.timeStamp), { capture: true })
        addEventListener(
          "pointerdown",
          event => {
            if (marks.pressed !== undefined || !event.target.closest?.(submit)) return
            marks.pressed = event.timeStamp
            requestAnimationFrame(watch)
          },
          { capture: true },
        )
      },
      { selector: FIELD, submit: SUBMIT },
    )
    const field = await openSlowed(page, url, network)
    const centre = async locator => {
      const box = await locator.boundingBox()
      return [box.x + box.width / 2, box.y + box.height / 2]
    }
    const [fieldAt, buttonAt] = [await centre(field), await centre(page.locator(SUBMIT))]
    const pause = () => new Promise(resolve => setTimeout(resolve, 120))
    await page.touchscreen.tap(...fieldAt)
    await pause()
    await page.keyboard.type(name[0])
    await pause()
    await page.touchscreen.tap(...buttonAt)
    for (const key of name.slice(1)) {
      await pause()
      await page.keyboard.type(key)
    }
    await pause()
    await page.keyboard.press("Tab")
    for (const key of phone) {
      await pause()
      await page.keyboard.type(key)
    }
    await page.waitForFunction(
      selector => {
        const field = document.querySelector(selector)
        const key = field && Object.keys(field).find(name => name.startsWith("__reactProps$"))
        return Boolean(key && typeof field[key].onChange === "function")
      },
      FIELD,
      { timeout: 30_000 },
    )
    await page.waitForFunction(() => window.__waitBench.answered !== undefined, undefined, { timeout: 30_000 })
    const values = await page.$$eval("#estimate input[name=name], #estimate input[name=phone]", inputs =>
      inputs.map(input => input.value),
    )
    if (values.join("|") !== `${name}|${phone}`) throw new Error(`the fields hold ${values.join("|")}: letters lost`)
    // Let the last frames report before reading.
    await page.waitForTimeout(300)
    const { waits, pressed, answered } = await page.evaluate(() => window.__waitBench)
    return Math.max(answered - pressed, ...waits.map(entry => entry.wait))
  })
}

const FORM_PAGES = ["/estimate/", "/driveways/", "/locations/lehi/", "/"]
const NETWORKS = [
  ["mobile network", MOBILE_NETWORK],
  ["this machine's", undefined],
]

/**
 * The build in public/ against a copy of it whose pages' HTML `before(html)` has rewritten (the behaviour a change
 * replaced), or against another build's folder (`before` its path), each served alike by
 * scripts/static-server.mjs: `measure(browser, address, { network })` is taken `runs` times on four pages with
 * the form, on Lighthouse's mobile network and on this machine's own, alternated page by page, each round
 * starting with the next build so that neither always meets the machine first (its speed drifts through the
 * day). A run that fails (the tap missed, the page went elsewhere) is run once more, not counted. Prints `title`
 * over a markdown table: each build's median with its range, and their ratio.
 */
export async function compareWithBefore({ before, names: [afterName, beforeName], measure, runs, title }) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-before-"))
  // `before` is the rewrite of each page's HTML, or the folder of another build, served as it is.
  const root = typeof before === "string" ? path.resolve(before) : path.join(scratch, "public")
  if (typeof before === "function") {
    fs.cpSync("public", root, { recursive: true })
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".html")) continue
      const file = path.join(entry.parentPath, entry.name)
      fs.writeFileSync(file, before(fs.readFileSync(file, "utf8")))
    }
  }
  const variants = [
    { name: afterName, server: await startStaticServer({ port: 0 }) },
    { name: beforeName, server: await startStaticServer({ root, port: 0 }) },
  ]
  const browser = await launchTouchBrowser()
  const times = new Map(NETWORKS.map(([label]) => [label, new Map(variants.map(variant => [variant.name, []]))]))
  try {
    for (let round = 0; round < runs; round++)
      for (const [label, network] of NETWORKS)
        for (const page of FORM_PAGES)
          for (let turn = 0; turn < variants.length; turn++) {
            const variant = variants[(round + turn) % variants.length]
            const address = `${variant.server.url}${page}`
            const time = await measure(browser, address, { network }).catch(error => {
              console.error(`Touch: ${address}: ${error.message.split("\n")[0]}, running it again`)
              return measure(browser, address, { network })
            })
            times.get(label).get(variant.name).push(time)
            process.stdout.write(".")
          }
  } finally {
    await browser.close()
    await Promise.all(variants.map(variant => variant.server.close()))
    fs.rmSync(scratch, { recursive: true, force: true })
  }

  const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const range = values => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`
  const lines = [
    "",
    `${title}, ${CPU_SLOWDOWN}x CPU, ${runs} on each of ${FORM_PAGES.join(", ")}, alternated; ${new Date().toISOString().slice(0, 16)}Z, load ${os.loadavg()[0].toFixed(1)}`,
    "",
    `| network | ${beforeName} | ${afterName} | after / before |`,
    "| --- | --- | --- | --- |",
  ]
  for (const [label] of NETWORKS) {
    const [was, is] = [beforeName, afterName].map(name => times.get(label).get(name))
    lines.push(
      `| ${label} | ${Math.round(median(was))} ms (${range(was)}) | ${Math.round(median(is))} ms (${range(is)}) | ${(median(is) / median(was)).toFixed(2)} |`,
    )
  }
  console.log(lines.join("\n"))
}
