/*
 * Issue 6: each service page carries at least 600 words of its own copy, and each city page links its
 * neighbouring cities and its county's other cities and answers a question of its own.
 */
import { paths } from "../../src/lib/paths"
import { cities } from "../fixtures/content"
import { readPage, serviceRoutes, textOf } from "../support/site"

const MIN_SERVICE_WORDS = 600

const wordCount = (text: string) => text.split(/\s+/).filter(word => /[\p{L}\p{N}]/u.test(word)).length

test.each(serviceRoutes)("%s has at least 600 words of long-form copy", route => {
  const main = readPage(route).querySelector("main")
  const prose = [...(main?.querySelectorAll("section") ?? [])].filter(
    section => section.querySelector("h2") && !section.id && section.querySelectorAll("p").length > 0,
  )
  const words = prose.reduce((total, section) => total + wordCount(textOf(section)), 0)
  expect(words).toBeGreaterThanOrEqual(MIN_SERVICE_WORDS)
})

describe.each(cities.map(city => [city.slug, city] as const))("/locations/%s", (slug, city) => {
  const document = readPage(paths.city(slug))
  const hrefs = new Set([...document.querySelectorAll("main a")].map(link => link.getAttribute("href")))

  test("links its neighbouring cities and the other cities of its county", () => {
    for (const neighbour of city.nearby) expect(hrefs).toContain(paths.city(neighbour))
    for (const other of cities.filter(each => each.county === city.county && each.slug !== slug))
      expect(hrefs).toContain(paths.city(other.slug))
  })

  test("answers its own local questions", () => {
    const content = cities.find(entry => entry.slug === slug)
    const text = textOf(document.querySelector("main") as Element)
    for (const { question } of content?.faq ?? []) expect(text).toContain(question)
    expect(content?.faq.length).toBeGreaterThanOrEqual(1)
  })
})
