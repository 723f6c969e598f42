import { cityPageCopy } from "../src/lib/page-copy"
import { MAX_TITLE_LENGTH, pageTitle, writtenLength } from "../src/lib/page-title"
import business from "../data/business.json"
import { cities, counties, servicePages, services } from "./fixtures/content"

// Names an owner might really have: 23 characters, one with an ampersand, and one far longer than most.
const NAMES = [
  "Wasatch Front Flatwork ",
  "Bonneville Flatwork & Foundations",
  "Wasatch Front Concrete Flatwork and Walls LLC",
].map(name => name.trim())

describe("pageTitle", () => {
  it("writes the page's words and the business name when they fit", () => {
    expect(pageTitle("Free Estimate", "Acme Concrete")).toBe("Free Estimate | Acme Concrete")
  })

  it("takes the page's shorter words, never a shorter name, when the longer do not fit", () => {
    const name = "N".repeat(30)
    const long = "L".repeat(40)
    expect(pageTitle([long, "Short words"], name)).toBe(`Short words | ${name}`)
  })

  it("cuts the shortest words at a word's end when even they do not fit", () => {
    const name = "N".repeat(55)
    const title = pageTitle(["Concrete Contractor in Salt Lake City, UT"], name)
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH)
    expect(title).toBe(`Concrete… | ${name}`)
    expect(pageTitle(["Concrete"], "N".repeat(69))).toBe("N".repeat(69))
  })

  it("counts a character the page writes escaped as what it writes, as html-validate does", () => {
    expect(writtenLength(`Tom's "A" & <B>`)).toBe(`Tom&#x27;s &quot;A&quot; &amp; &lt;B&gt;`.length)
    const name = "Bonneville Flatwork & Foundations"
    // 68 characters on screen, 72 in the page: the shorter words are taken.
    expect(pageTitle(["Concrete Contractor in Provo, UT", "Concrete in Provo, UT"], name)).toBe(
      `Concrete in Provo, UT | ${name}`,
    )
  })

  it("keeps a title that already holds the name", () => {
    expect(pageTitle(`Home of ${business.name}`, business.name)).toBe(`Home of ${business.name}`)
  })
})

describe("every city and service page's title fits whatever the business name's length", () => {
  const servicePhrases = services.map(({ phrase }) => ({ phrase }))
  const cityTitles = cities.map(city => {
    const county = counties.find(each => each.slug === city.county) ?? counties[0]
    const { title } = cityPageCopy({
      city,
      county,
      localInfo: city.localInfo,
      quoteWithinHours: 24,
      services: servicePhrases,
    })
    return [city.slug, title] as const
  })
  const serviceTitles = servicePages.map(
    page => [page.slug, [page.metaTitle, `${page.name} in Utah`, page.name]] as const,
  )

  it.each(NAMES)("with the name %s", name => {
    for (const [slug, words] of [...cityTitles, ...serviceTitles]) {
      const title = pageTitle(words, name)
      expect([slug, writtenLength(title) <= MAX_TITLE_LENGTH]).toEqual([slug, true])
      expect(title.endsWith(` | ${name}`)).toBe(true)
    }
  })

  it("with the business's own name, a city's page leads with its longest words that fit", () => {
    const [slug, words] = cityTitles[0]
    const title = pageTitle(words, business.name)
    expect([slug, title]).toEqual([
      slug,
      words.map(each => `${each} | ${business.name}`).find(each => writtenLength(each) <= MAX_TITLE_LENGTH),
    ])
  })
})
