import { crumbsFor } from "../src/lib/breadcrumbs"
import { breadcrumbLd, faqPageLd, localBusinessLd, serviceLd, type JsonLd } from "../src/lib/json-ld"
import { cities, counties, faq, servicePages } from "./fixtures/content"
import { business } from "./fixtures/site-data"
import { checkStructuredData } from "./support/structured-data"
import { priceOfferLd } from "../src/lib/json-ld"

const offered = servicePages.map(page => page.serviceType)
const rated = { ...business, rating: { value: 4.8, count: 57, url: "https://reviews.test/wasatch" } }
const lehi = cities.find(city => city.slug === "lehi")!

describe("the JSON-LD builders make valid schema.org", () => {
  it.each([
    ["the home page's LocalBusiness", localBusinessLd(business, offered, counties)],
    ["the home page's LocalBusiness with a rating", localBusinessLd(rated, offered, counties)],
    ["a city page's LocalBusiness", localBusinessLd(business, offered, { ...lehi, county: "Utah County" })],
    ["the FAQPage", faqPageLd(faq)],
    ["a BreadcrumbList", breadcrumbLd(business.siteUrl, crumbsFor("/locations/lehi"))],
    [
      "a Service",
      serviceLd(
        business,
        { name: "Driveways", serviceType: "Driveway installation", description: "…", path: "/d" },
        counties,
      ),
    ],
    [
      "a Service with the owner's price range (the test's own figures)",
      serviceLd(
        business,
        {
          name: "Driveways",
          serviceType: "Driveway installation",
          description: "…",
          path: "/d",
          offers: priceOfferLd({ low: 9, high: 14 }, "Driveways"),
        },
        counties,
      ),
    ],
  ])("%s", (_what, ld) => {
    expect(checkStructuredData(ld)).toEqual([])
  })
})

describe("checkStructuredData", () => {
  const valid = (): JsonLd => JSON.parse(JSON.stringify(localBusinessLd(rated, offered, counties)))

  it.each<[string, (ld: JsonLd) => void, RegExp]>([
    ["an unknown type", ld => (ld["@type"] = "ConcreteBusiness"), /@type "ConcreteBusiness" is not a schema.org type/],
    ["a made-up property", ld => (ld.yearsInBusiness = 12), /"yearsInBusiness" is not a schema.org property/],
    [
      "a property of another type",
      ld => ((ld.address as JsonLd).geoRadius = 50000),
      /not a schema.org property|is not a property of PostalAddress/,
    ],
    [
      "a property the type does not inherit",
      ld => ((ld.areaServed as JsonLd[])[0].priceRange = "$$"),
      /areaServed\[0\]\.priceRange: "priceRange" is not a property of AdministrativeArea/,
    ],
    [
      "a value of the wrong type",
      ld => (ld.areaServed = { "@type": "AggregateRating", ratingValue: 5, reviewCount: 1 }),
      /areaServed: a AggregateRating where AdministrativeArea or GeoShape or Place is expected/,
    ],
    [
      "a review count with a fraction",
      ld => ((ld.aggregateRating as JsonLd).reviewCount = 4.5),
      /4\.5 is not a Integer/,
    ],
    [
      "a rating without a count",
      ld => delete (ld.aggregateRating as JsonLd).reviewCount,
      /needs ratingCount or reviewCount/,
    ],
    ["a LocalBusiness without an address", ld => delete ld.address, /a LocalBusiness needs address/],
    [
      "a day that is not a DayOfWeek",
      ld => ((ld.openingHoursSpecification as JsonLd[])[0].dayOfWeek = ["Mon"]),
      /"Mon" is not a DayOfWeek/,
    ],
    [
      "a time that is not HH:MM",
      ld => ((ld.openingHoursSpecification as JsonLd[])[1].opens = "8am"),
      /"8am" is not a Time/,
    ],
    ["a url that is not absolute", ld => (ld.url = "/"), /"\/" is not a URL/],
    ["another @context", ld => (ld["@context"] = "http://schema.org"), /@context is "http:\/\/schema.org"/],
  ])("finds %s", (_what, breakIt, problem) => {
    const ld = valid()
    expect(checkStructuredData(ld)).toEqual([])
    breakIt(ld)
    expect(checkStructuredData(ld)).toContainEqual(expect.stringMatching(problem))
  })

  it("accepts a reference by @id where an entity is expected", () => {
    const ld = valid()
    ld.hasOfferCatalog = { "@id": "https://www.example.com/#catalog" }
    expect(checkStructuredData(ld)).toEqual([])
  })
})
