/*
 * What every page gives a visitor whose scripts never run (blocked, failed, switched off), read from the HTML the
 * build writes: the page's content, a phone number to call, the estimate form posting to the site's inbox with a
 * line saying to call should it not go, and every picture with its own address, waiting for no script. Whether
 * a browser shows it all is checked on one page of each kind in Chromium (robustness.test.ts).
 */
import business from "../../data/business.json"
import { INBOX_FORM_PATH } from "../../src/lib/estimate/inbox-contract"
import { ESTIMATE_SECTION, paths } from "../../src/lib/paths"
import { readPage, routes, textOf } from "../support/site"

const PHONE_DIGITS = business.phone.replace(/\D/g, "")

/**
 * A page's least content: 150 words, but 10 on the 404 page, and the warranty page says only the years and how to
 * reach the business until the owner has written the terms (nothing is written for them).
 */
const minimumWords = (route: string) => {
  if (route === "/404") return 10
  const terms = (business as { warranty?: { covers?: string[] } }).warranty
  return route === paths.warranty && !terms?.covers ? 25 : 150
}

const callsTheBusiness = (root: ParentNode) =>
  Array.from(root.querySelectorAll<HTMLAnchorElement>("a[href^='tel:']")).some(link =>
    link.getAttribute("href")?.replace(/\D/g, "").endsWith(PHONE_DIGITS),
  )

describe.each([...routes, "/404"])("without scripts, %s", route => {
  const document = readPage(route)
  const main = document.querySelector("main")

  test("has its content in main and a link that calls the business", () => {
    expect(main).not.toBeNull()
    expect(textOf(main as Element).split(" ").length).toBeGreaterThanOrEqual(minimumWords(route))
    expect(callsTheBusiness(document)).toBe(true)
  })

  test("posts its estimate form, if it has one, to the site's inbox, and says to call should it not go", () => {
    const section = document.getElementById(ESTIMATE_SECTION)
    if (!section) return
    expect(section.querySelector(`form[action='${INBOX_FORM_PATH}'][method='post']`)).not.toBeNull()
    const note = section.querySelector("noscript")
    expect(note?.textContent?.replace(/\s+/g, " ")).toMatch(/Without JavaScript the form still sends.+call .+ at /)
    expect(note && callsTheBusiness(note)).toBe(true)
  })

  test("draws each picture in main without a script: its address is in its own src", () => {
    const blind = Array.from(main?.querySelectorAll("img") ?? []).filter(
      image => !/^\/|^https:/.test(image.getAttribute("src") ?? ""),
    )
    expect(blind.map(image => image.outerHTML.slice(0, 120))).toEqual([])
  })
})

test("the pages with pictures are among those checked", () => {
  const pictures = [...routes, "/404"].flatMap(route => Array.from(readPage(route).querySelectorAll("main img")))
  expect(pictures.length).toBeGreaterThan(0)
})
