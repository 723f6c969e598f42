/*
 * Issue 15: the structured data of every built page is valid schema.org (checked offline against the
 * vocabulary in __tests__/fixtures), carries search engines' required properties, claims a rating only
 * where the page shows it, and declares a service area that covers every city the site has a page for.
 */
import fs from "node:fs"
import path from "node:path"
import { cities } from "../fixtures/content"
import { checkStructuredData } from "../support/structured-data"
import { cityRoute, readDocument, readPage, siteRoot, textOf } from "../support/site"

type Ld = Record<string, unknown>

/** Every HTML page the build wrote: public/**\/index.html and the 404 page. */
function builtPages(dir = siteRoot): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "page-data" || entry.name === "static" ? [] : builtPages(full)
    return entry.name === "index.html" || full === path.join(siteRoot, "404.html") ? [full] : []
  })
}

const blocksOf = (document: Document): Ld[] =>
  Array.from(document.querySelectorAll('script[type="application/ld+json"]'), script =>
    JSON.parse(script.textContent ?? ""),
  )

const pages = builtPages().map(file => [path.relative(siteRoot, file), file] as const)

test("the checker walks every page of the build", () => {
  expect(pages.length).toBeGreaterThanOrEqual(cities.length + 8)
})

describe.each(pages)("%s", (_name, file) => {
  const blocks = blocksOf(readDocument(file))

  test("every JSON-LD block is valid schema.org with the properties rich results require", () => {
    expect(blocks.map(checkStructuredData)).toEqual(blocks.map(() => []))
  })

  test("claims an AggregateRating only when the page shows the same rating", () => {
    const ratings = blocks.flatMap(block => (block.aggregateRating ? [block.aggregateRating as Ld] : []))
    const text = textOf(readDocument(file).body)
    for (const rating of ratings)
      expect(text).toContain(`Rated ${rating.ratingValue} out of 5 from ${rating.reviewCount} review`)
    if (!/Rated [\d.]+ out of 5/.test(text)) expect(ratings).toEqual([])
  })
})

describe("the declared service area", () => {
  const business = blocksOf(readPage("/")).find(block => [block["@type"]].flat().includes("LocalBusiness"))
  const counties = ([business?.areaServed].flat() as Ld[]).map(area => {
    const [south, west, north, east] = String((area.geo as Ld).box)
      .split(" ")
      .map(Number)
    return { name: area.name, type: area["@type"], south, west, north, east }
  })

  test("is the counties, each an AdministrativeArea with a box", () => {
    expect(counties.length).toBeGreaterThan(0)
    for (const county of counties) {
      expect(county.type).toBe("AdministrativeArea")
      expect([county.south, county.west, county.north, county.east].every(Number.isFinite)).toBe(true)
    }
  })

  test.each(cities.map(city => [city.name, city] as const))("covers the %s page's city", (_name, city) => {
    const local = blocksOf(readPage(cityRoute(city))).find(block => block.areaServed)
    const served = local?.areaServed as Ld
    expect(served).toMatchObject({ "@type": "City", name: `${city.name}, Utah` })
    const { latitude, longitude } = served.geo as { latitude: number; longitude: number }
    const county = counties.find(candidate => candidate.name === (served.containedInPlace as Ld).name)
    expect(county).toBeDefined()
    if (!county) return
    expect(latitude).toBeGreaterThanOrEqual(county.south)
    expect(latitude).toBeLessThanOrEqual(county.north)
    expect(longitude).toBeGreaterThanOrEqual(county.west)
    expect(longitude).toBeLessThanOrEqual(county.east)
  })
})
