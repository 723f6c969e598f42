/*
 * Colour contrast of every link and button in Chromium, including the links inside the open dropdowns and the
 * mobile menu, at rest and under the mouse (:hover); with keyboard focus (:focus-visible) the same controls are
 * measured by keyboard.test.ts's Tab walks.
 * The background is the one the text really sits on, found by compositing the element's and its ancestors'
 * backgrounds. Also: nothing moves under reduced motion.
 */
import { sampleCityRoute, sampleServiceRoute } from "../support/site"
import { paths } from "../../src/lib/paths"
import type { Locator, Page } from "playwright-core"
import { addA11yTools, contrastFailures } from "./a11y-tools"
import { DESKTOP, PHONE, setUpBrowser } from "./support"

jest.setTimeout(120000)

const browser = setUpBrowser()

async function openPage(route: string, viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport })
  await addA11yTools(page)
  await browser.open(page, route)
  if (route === "/no-such-page") browser.takeConsoleErrors(page)
  await page.evaluate(() => window.a11y.settled())
  return page
}

/**
 * Contrast of each control at rest (all in one pass), then under the mouse; returns the failures. The
 * pointer goes straight to each control without Playwright's wait for it to hold still over two frames:
 * the control must then match :hover, so a pointer that missed it fails the test rather than passing it.
 */
async function restAndHover(controls: Locator) {
  const atRest = await controls.evaluateAll(async elements => {
    await window.a11y.settled()
    return elements.map(element => ({
      name: window.a11y.describe(element),
      input: element.matches("input"),
      texts: window.a11y.textContrasts(element),
    }))
  })
  const problems: string[] = []
  for (const { name, input, texts } of atRest) {
    // Only text inputs, empty until someone types, have nothing to measure.
    if (texts.length === 0 && !input) problems.push(`rest: ${name} has no text to measure`)
    problems.push(...contrastFailures("rest", texts))
  }
  for (let index = 0; index < atRest.length; index++) {
    const control = controls.nth(index)
    await control.hover({ force: true })
    const { hovered, texts } = await control.evaluate(async element => {
      await window.a11y.settled()
      return { hovered: element.matches(":hover"), texts: window.a11y.textContrasts(element) }
    })
    expect({ control: atRest[index].name, hovered }).toEqual({ control: atRest[index].name, hovered: true })
    problems.push(...contrastFailures("hover", texts))
  }
  return problems
}

/**
 * The page's tabbable controls that can rest in view, and how many. The skip link, parked above the page until it
 * has focus, can neither rest in view nor be hovered: keyboard.test.ts's walk measures it.
 */
const tabbableControls = async (page: Page) => {
  const onPage = await page.evaluate(() => {
    const shown = window.a11y.tabbables().filter(element => element.getBoundingClientRect().bottom + window.scrollY > 0)
    shown.forEach(element => element.setAttribute("data-contrast-check", ""))
    return shown.length
  })
  return { controls: page.locator("[data-contrast-check]"), onPage }
}

// With keyboard focus, the same pages' controls are measured by keyboard.test.ts's Tab walk, at both widths.
describe("every link and button at rest and under the mouse", () => {
  test.each([
    ["/", "desktop", DESKTOP],
    [sampleServiceRoute, "desktop", DESKTOP],
    [paths.estimate, "desktop", DESKTOP],
    [sampleCityRoute, "desktop", DESKTOP],
    ["/no-such-page", "desktop", DESKTOP],
    ["/", "phone", PHONE],
    [paths.locations, "phone", PHONE],
  ])("%s at %s width", async (route, _width, viewport) => {
    const page = await openPage(route, viewport)
    const { controls, onPage } = await tabbableControls(page)
    expect(onPage).toBeGreaterThan(10)
    expect(await restAndHover(controls)).toEqual([])
  })

  // Their links with keyboard focus are keyboard.test.ts's, whose walk through each open menu measures them.
  const mainMenu = (label: string) => (page: Page) =>
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: label, exact: true })
  test.each([
    ["the Services dropdown", DESKTOP, mainMenu("Services"), 6],
    ["the Locations dropdown", DESKTOP, mainMenu("Locations"), 6],
    ["the mobile menu", PHONE, (page: Page) => page.getByRole("button", { name: "Menu" }), 13],
  ])("the links in %s, open", async (_menu, viewport, opener, least) => {
    const page = await openPage("/", viewport)
    const button = opener(page)
    await button.click()
    const panel = page.locator(`#${await button.getAttribute("aria-controls")}`)
    const links = panel.locator("a")
    expect(await links.count()).toBeGreaterThanOrEqual(least)
    expect(await restAndHover(links)).toEqual([])
    expect(await panel.isVisible()).toBe(true)
  })
})

test("the measure finds faint text, so the checks above can fail", async () => {
  const page = await openPage("/", DESKTOP)
  await page.evaluate(() => {
    const faint = document.createElement("a")
    faint.href = "/estimate/"
    faint.id = "faint"
    faint.textContent = "Faint link"
    faint.style.color = "#aaaaaa"
    document.querySelector("main")?.append(faint)
  })
  const problems = await restAndHover(page.locator("#faint"))
  expect(problems).toEqual([
    expect.stringMatching(
      /^rest: <a#faint> "Faint link" \/estimate\/ text "Faint link" rgb\(170, 170, 170\) on rgb\(255, 255, 255\) = 2\.32:1, needs 4\.5:1$/,
    ),
    expect.stringMatching(/^hover: <a#faint> /),
  ])
})

describe("under prefers-reduced-motion: reduce", () => {
  test.each(["/", sampleCityRoute, sampleServiceRoute])(
    "%s has no animation or transition longer than 0.01 s and scrolls without smoothing",
    async route => {
      const page = await browser.newPage({ reducedMotion: "reduce" })
      await browser.open(page, route)
      // Open the menus too, so the styles of their open states count.
      await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).click()
      const moving = await page.evaluate(() => {
        const seconds = (list: string) => Math.max(...list.split(",").map(value => parseFloat(value) || 0))
        const found: string[] = []
        for (const element of Array.from(document.querySelectorAll("*"))) {
          for (const pseudo of [null, "::before", "::after"]) {
            const style = getComputedStyle(element, pseudo)
            const animation = style.animationName !== "none" ? seconds(style.animationDuration) : 0
            const transition = seconds(style.transitionDuration)
            const delay = Math.max(seconds(style.animationDelay), seconds(style.transitionDelay))
            if (animation > 0.01 || transition > 0.01 || delay > 0.01)
              found.push(
                `${element.tagName.toLowerCase()}${pseudo ?? ""}.${element.className}: ${animation}s/${transition}s`,
              )
          }
        }
        const running = document
          .getAnimations()
          .filter(animation => Number(animation.effect?.getComputedTiming().duration ?? 0) > 10)
        return { found, running: running.length, scroll: getComputedStyle(document.documentElement).scrollBehavior }
      })
      expect(moving).toEqual({ found: [], running: 0, scroll: "auto" })
    },
  )

  test("without the preference the FAQ does animate and scrolling is smooth, so the check above can fail", async () => {
    const page = await browser.newPage()
    await browser.open(page, "/")
    const motion = await page.evaluate(() => ({
      scroll: getComputedStyle(document.documentElement).scrollBehavior,
      animated: Array.from(document.querySelectorAll("#faq li")).filter(
        item => parseFloat(getComputedStyle(item).animationDuration) > 0.01,
      ).length,
    }))
    expect(motion).toEqual({ scroll: "smooth", animated: 6 })
  })
})
