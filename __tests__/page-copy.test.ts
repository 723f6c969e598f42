import { cityPageCopy, firstSentence } from "../src/lib/page-copy"

describe("cityPageCopy", () => {
  const copy = cityPageCopy(
    { name: "Cottonwood Heights" },
    { name: "Salt Lake County" },
    "Cottonwood Heights climbs from Fort Union Boulevard toward Mt. Olympus and Big Cottonwood Canyon. Lots are steep.",
    24,
  )

  it("titles the page for search results within the length the layout and search engines allow", () => {
    expect(copy.title).toBe("Concrete Contractor in Cottonwood Heights, UT")
    expect(copy.title.length).toBeLessThanOrEqual(46)
    expect(copy.heading).toBe("Concrete Contractor in Cottonwood Heights, Utah")
  })

  it("describes the city, its county and the quote promise from the business's facts", () => {
    expect(copy.description).toContain("in Cottonwood Heights, Salt Lake County.")
    expect(copy.description).toContain("quotes within 24 hours")
    expect(cityPageCopy({ name: "Lehi" }, { name: "Utah County" }, "Lehi.", 48).description).toContain("48 hours")
    expect(copy.keywords).toContain("concrete contractor Cottonwood Heights")
    expect(copy.keywords).toContain("Salt Lake County concrete")
  })

  it("leads with the first sentence of the local information, past abbreviations", () => {
    expect(copy.lead).toBe(
      "Cottonwood Heights climbs from Fort Union Boulevard toward Mt. Olympus and Big Cottonwood Canyon.",
    )
    expect(firstSentence("South Jordan has two distinct sides. The west is new.")).toBe(
      "South Jordan has two distinct sides.",
    )
    expect(firstSentence("No full stop here")).toBe("No full stop here")
  })

  it("names each section after the city", () => {
    expect([copy.servicesTitle, copy.faqTitle, copy.reasonsTitle, copy.countyTitle]).toEqual([
      "Concrete services in Cottonwood Heights",
      "Cottonwood Heights concrete questions",
      "Why Cottonwood Heights homeowners choose us",
      "More of Salt Lake County",
    ])
  })
})
