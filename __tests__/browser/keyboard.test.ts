/*
 * Keyboard-only use in Chromium against the served build: the skip link and the Tab order from the top
 * of the home page, every control of a set of representative pages reached by Tab in DOM order with a
 * visible, unobscured focus ring, its text at WCAG's contrast while focused and, on a phone, no part of it under
 * the action bar, and the dropdowns, mobile menu and FAQ with Enter, Space and Escape.
 * navigation.test.ts covers opening a dropdown with Enter and Escape after a click.
 */
import { PAGE_KINDS, UNKNOWN_ROUTE } from "../support/site"
import { paths } from "../../src/lib/paths"
import type { BrowserContextOptions, Locator, Page } from "playwright-core"
import business from "../../data/business.json"
import { cities } from "../fixtures/content"
import { ACTION_BAR_ID } from "../../src/components/action-bar"
import { addA11yTools, contrastFailures, type FocusRecord } from "./a11y-tools"
import { DESKTOP, PHONE, setUpBrowser } from "./support"

jest.setTimeout(120000)

const browser = setUpBrowser()

const WIDTHS = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const

/** WCAG 2.4.13 asks for a 2 px ring with 3:1 against what is around it; 2.4.7 only that one shows. */
const MIN_RING_PX = 2
const MIN_RING_CONTRAST = 3

async function openPage(
  route: string,
  viewport: { width: number; height: number },
  options: BrowserContextOptions = {},
) {
  const page = await browser.newPage({ viewport, ...options })
  await addA11yTools(page)
  await browser.open(page, route)
  if (route === UNKNOWN_ROUTE) browser.takeConsoleErrors(page)
  return page
}

/** The focused element as inspectFocus sees it, kept clear of the phone's action bar wherever that shows. */
const focused = (page: Page) => page.evaluate(bar => window.a11y.inspectFocus(`#${bar}`), ACTION_BAR_ID)
const hasFocus = (element: Locator) => element.evaluate(node => node === document.activeElement)

async function press(page: Page, key: string) {
  await page.keyboard.press(key)
  return focused(page)
}

/**
 * Presses Tab (or Shift+Tab) from the current focus until focus comes back round to the first element
 * it reached, and returns what each press focused, leaving out the stops on the page itself.
 */
async function walk(page: Page, key: "Tab" | "Shift+Tab", limit: number): Promise<FocusRecord[]> {
  const records: FocusRecord[] = []
  for (let presses = 0; presses < limit; presses++) {
    const record = await press(page, key)
    if (record.name === null) continue
    if (records.length > 0 && record.index === records[0].index) return records
    records.push(record)
  }
  throw new Error(`${key} did not come back round in ${limit} presses: ${records.map(r => r.name).join(", ")}`)
}

/** The focus stops whose ring is missing, too thin or too faint, that are hidden, covered or under the action bar, or whose text is faint. */
const badStops = (records: FocusRecord[]) =>
  records.flatMap(record => {
    const problems = [
      record.ringWidth < MIN_RING_PX && `no ${MIN_RING_PX}px ring (${record.outline})`,
      record.ringWidth >= MIN_RING_PX &&
        record.ringContrast !== null &&
        record.ringContrast < MIN_RING_CONTRAST &&
        `ring contrast ${record.ringContrast}:1 (${record.outline})`,
      !record.visible && `not visible${record.coveredBy ? `, covered by ${record.coveredBy}` : ""}`,
      !record.focusVisible && "not :focus-visible",
      record.under && `under ${record.under}`,
      ...contrastFailures("focus", record.texts),
    ].filter(Boolean)
    return problems.length > 0 ? [`${record.name}: ${problems.join("; ")}`] : []
  })

describe.each(WIDTHS)("from the top of the home page at %s width", (name, viewport) => {
  test("the first Tab shows the skip link, and activating it moves focus to the main content", async () => {
    const page = await openPage("/", viewport)
    const skip = await press(page, "Tab")
    expect(skip.name).toBe('<a> "Skip to main content" #main')
    expect(badStops([skip])).toEqual([])
    const box = await page.getByRole("link", { name: "Skip to main content" }).boundingBox()
    expect(box && box.y >= 0 && box.x >= 0).toBe(true)

    await page.keyboard.press("Enter")
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main")
    expect(new URL(page.url()).hash).toBe("#main")
    // The next Tab continues from the start of the main content, not from the top of the page.
    const next = await press(page, "Tab")
    expect(next.name).toBe('<a> "Get Free Estimate" #estimate')
  })

  test("Tab goes through the header in reading order", async () => {
    const page = await openPage("/", viewport)
    const names: (string | null)[] = []
    for (let presses = 0; presses < (name === "desktop" ? 8 : 5); presses++) names.push((await press(page, "Tab")).name)
    const header =
      name === "desktop"
        ? [
            '<a> "Skip to main content" #main',
            `<a> "${business.name}" /`,
            '<button> "Services"',
            '<button> "Locations"',
            '<a> "FAQ" #faq',
            expect.stringMatching(/^<a> "☎ [\d() -]+" tel:\+1\d{10}$/),
            '<a> "Free Estimate" #estimate',
          ]
        : [
            '<a> "Skip to main content" #main',
            `<a> "${business.name}" /`,
            expect.stringMatching(/^<a> "Call [\d() -]+" tel:\+1\d{10}$/),
            '<button> "Menu"',
          ]
    expect(names).toEqual([...header, '<a> "Get Free Estimate" #estimate'])
  })
})

describe.each(WIDTHS)("every control by Tab at %s width", (_name, viewport) => {
  test.each(PAGE_KINDS)("%s: Tab and Shift+Tab reach each control in DOM order with a visible ring", async route => {
    // Focus scrolls each control into view; without smooth scrolling it is in place as soon as it has focus.
    const page = await openPage(route, viewport, { reducedMotion: "reduce" })
    const tabbables = await page.evaluate(() => window.a11y.tabbables().map(window.a11y.describe))
    expect(tabbables.length).toBeGreaterThan(10)

    const forward = await walk(page, "Tab", tabbables.length + 5)
    expect(forward.map(record => record.name)).toEqual(tabbables)
    expect(badStops(forward)).toEqual([])

    // Backwards, the sticky header is above the element focus scrolls to: it must not hide it.
    const backward = await walk(page, "Shift+Tab", tabbables.length + 5)
    expect(backward.map(record => record.name)).toEqual([...tabbables].reverse())
    expect(badStops(backward)).toEqual([])
  })
})

test("the walk names a focused control that the phone's action bar hides, and one whose text is faint", async () => {
  const page = await openPage("/", PHONE, { reducedMotion: "reduce" })
  // A link of the page's own, focused without scrolling while it sits under the bar at the foot of the screen.
  await page.evaluate(barId => {
    const bar = document.getElementById(barId)!.getBoundingClientRect()
    const link = Array.from(document.querySelectorAll<HTMLAnchorElement>("main a")).find(
      candidate => candidate.getBoundingClientRect().top > bar.bottom,
    )!
    window.scrollBy({ top: link.getBoundingClientRect().top - bar.top - 4, behavior: "instant" })
    link.style.color = "#aaaaaa"
    link.focus({ preventScroll: true })
  }, ACTION_BAR_ID)
  const [problems] = badStops([await focused(page)])
  expect(problems).toContain(`under <nav#${ACTION_BAR_ID}>`)
  expect(problems).toMatch(/focus: .* = [\d.]+:1, needs (4\.5|3):1/)
})

const isExpanded = async (button: Locator) => (await button.getAttribute("aria-expanded")) === "true"

/** Presses Tab until the element has focus, as a keyboard user gets there. */
async function tabTo(page: Page, element: Locator) {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press("Tab")
    if (await hasFocus(element)) return
  }
  throw new Error("Tab never reached the element")
}

/** Space opens a menu's panel and Space again closes it, leaving focus on its button. */
async function spaceToggles(page: Page, button: Locator, panel: Locator) {
  await page.keyboard.press("Space")
  expect(await isExpanded(button)).toBe(true)
  expect(await panel.isVisible()).toBe(true)
  await page.keyboard.press("Space")
  expect(await isExpanded(button)).toBe(false)
  expect(await panel.isHidden()).toBe(true)
  expect(await hasFocus(button)).toBe(true)
}

/** Tab through every link of an open panel: each in order, each stop sound (badStops). Returns how many. */
async function walkPanel(page: Page, panel: Locator) {
  const expected = await panel.locator("a").evaluateAll(anchors => anchors.map(window.a11y.describe))
  const stops: FocusRecord[] = []
  for (let presses = 0; presses < expected.length; presses++) stops.push(await press(page, "Tab"))
  expect(stops.map(stop => stop.name)).toEqual(expected)
  expect(badStops(stops)).toEqual([])
  return expected.length
}

describe("desktop dropdowns with the keyboard", () => {
  test.each(["Services", "Locations"])(
    "%s: Space and Enter toggle it, Escape closes it from the button or a link, and Tab out closes it",
    async label => {
      const page = await openPage("/", DESKTOP)
      const nav = page.getByRole("navigation", { name: "Main" })
      const button = nav.getByRole("button", { name: label, exact: true })
      const panel = page.locator(`#${await button.getAttribute("aria-controls")}`)
      await tabTo(page, button)
      await spaceToggles(page, button, panel)

      await page.keyboard.press("Enter")
      expect(await isExpanded(button)).toBe(true)
      await page.keyboard.press("Escape")
      expect(await isExpanded(button)).toBe(false)
      expect(await hasFocus(button)).toBe(true)

      // Into the links and out again with Escape, from the last link.
      await page.keyboard.press("Enter")
      const links = await walkPanel(page, panel)
      await page.keyboard.press("Escape")
      expect(await isExpanded(button)).toBe(false)
      expect(await hasFocus(button)).toBe(true)

      // Leaving the last link with Tab closes the menu so it does not cover what comes next.
      await page.keyboard.press("Enter")
      for (let presses = 0; presses < links; presses++) await page.keyboard.press("Tab")
      const next = await press(page, "Tab")
      expect(await isExpanded(button)).toBe(false)
      expect(await panel.isHidden()).toBe(true)
      expect(next.visible).toBe(true)
    },
  )
})

describe("mobile menu with the keyboard (390×844)", () => {
  test("Enter and Space toggle it, Escape closes it and returns focus, and Tab out of it closes it", async () => {
    const page = await openPage("/", PHONE)
    const toggle = page.getByRole("button", { name: /menu/i })
    const panel = page.locator("#mobile-menu")
    await tabTo(page, toggle)

    await page.keyboard.press("Enter")
    expect(await isExpanded(toggle)).toBe(true)
    expect(await toggle.innerText()).toBe("Close menu")
    const first = await press(page, "Tab")
    expect(first.name).toBe('<a> "All services" #services')
    await page.keyboard.press("Escape")
    expect(await isExpanded(toggle)).toBe(false)
    expect(await panel.isHidden()).toBe(true)
    expect(await hasFocus(toggle)).toBe(true)
    await spaceToggles(page, toggle, panel)

    // Every link in the panel in order with a visible ring, then out of the panel, which closes it.
    await page.keyboard.press("Enter")
    await walkPanel(page, panel)
    const next = await press(page, "Tab")
    expect(await isExpanded(toggle)).toBe(false)
    expect(await panel.isHidden()).toBe(true)
    expect(next.name).toBe('<a> "Get Free Estimate" #estimate')
    expect(badStops([next])).toEqual([])
  })
})

/** The city page with the most questions of its own, to walk from one question to the next where it can. */
const askedCity = [...cities].sort((one, other) => other.faq.length - one.faq.length)[0]

describe("FAQ accordions with the keyboard", () => {
  test.each(["/", paths.city(askedCity.slug)])(
    "%s: each question is a disclosure whose summary holds its heading, and Enter and Space toggle it",
    async route => {
      const page = await openPage(route, DESKTOP)
      const items = page.locator("main details")
      const questions = items.locator("> summary")
      const count = await questions.count()
      expect(count).toBeGreaterThanOrEqual(route === "/" ? 2 : 1)
      const isOpen = (index: number) => items.nth(index).evaluate(item => (item as HTMLDetailsElement).open)
      const answer = (index: number) => items.nth(index).locator("p")

      for (let index = 0; index < count; index++) {
        expect(await questions.nth(index).locator("h3").count()).toBe(1)
        expect(await isOpen(index)).toBe(false)
      }

      const first = questions.first()
      await tabTo(page, first)
      await page.keyboard.press("Enter")
      expect(await isOpen(0)).toBe(true)
      expect(await answer(0).isVisible()).toBe(true)
      expect(await answer(0).innerText()).not.toBe("")
      await page.keyboard.press("Enter")
      expect(await isOpen(0)).toBe(false)
      expect(await answer(0).isHidden()).toBe(true)

      await page.keyboard.press("Space")
      expect(await isOpen(0)).toBe(true)
      expect(await answer(0).isVisible()).toBe(true)
      if (count < 2) return
      // Tab goes on to the next question, which Space opens in place of the first.
      await page.keyboard.press("Tab")
      expect(await hasFocus(questions.nth(1))).toBe(true)
      await page.keyboard.press("Space")
      expect(await isOpen(1)).toBe(true)
      expect(await isOpen(0)).toBe(false)
      await page.keyboard.press("Space")
      expect(await isOpen(1)).toBe(false)
      expect(await hasFocus(questions.nth(1))).toBe(true)
    },
  )
})
