import { cityPageCopy, countiesPhrase, firstSentence, servicesPhrase } from "../src/lib/page-copy"

describe("cityPageCopy", () => {
  const services = [{ phrase: "driveways" }, { phrase: "patios and RV pads" }, { phrase: "retaining walls" }]
  const facts = {
    city: { name: "Cottonwood Heights" },
    county: { name: "Salt Lake County" },
    localInfo:
      "Cottonwood Heights climbs from Fort Union Boulevard toward Mt. Olympus and Big Cottonwood Canyon. Lots are steep.",
    quoteWithinHours: 24,
    services,
  }
  const copy = cityPageCopy(facts)

  it("titles the page for search results within the length the layout and search engines allow", () => {
    expect(copy.title).toEqual([
      "Concrete Contractor in Cottonwood Heights, UT",
      "Concrete in Cottonwood Heights, UT",
      "Cottonwood Heights, UT",
    ])
    expect(copy.heading).toBe("Concrete Contractor in Cottonwood Heights, Utah")
  })

  it("describes the city, its county and the quote promise from the business's facts", () => {
    expect(copy.description).toContain("in Cottonwood Heights, Salt Lake County.")
    expect(copy.description).toContain("quotes within 24 hours")
    expect(cityPageCopy({ ...facts, quoteWithinHours: 48 }).description).toContain("48 hours")
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

describe("the lists written from the content", () => {
  it("names the services in their order, as a sentence reads them", () => {
    expect(
      servicesPhrase([{ phrase: "driveways" }, { phrase: "patios and RV pads" }, { phrase: "retaining walls" }]),
    ).toBe("driveways, patios and RV pads and retaining walls")
    expect(servicesPhrase([{ phrase: "driveways" }])).toBe("driveways")
  })

  it("names the counties without repeating 'County'", () => {
    expect(countiesPhrase(["Salt Lake County", "Utah County", "Davis County"])).toBe(
      "Salt Lake, Utah and Davis counties",
    )
    expect(countiesPhrase(["Weber County", "Tooele County"], "&")).toBe("Weber & Tooele counties")
    expect(countiesPhrase(["Weber County"])).toBe("Weber County")
  })
})
