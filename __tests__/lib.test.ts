import { crumbLabel, crumbsFor } from "../src/lib/breadcrumbs"
import { breadcrumbLd, faqPageLd, localBusinessLd, serialiseLd, serviceLd, type JsonLd } from "../src/lib/json-ld"
import { canonicalUrl, internationalPhone, normalisePath, telHref } from "../src/lib/urls"
import { paths, sectionPath, slugFromName } from "../src/lib/paths"
import { newestFirst } from "../src/lib/proof"
import { offeredServiceTypes, servicePagePath } from "../src/lib/services"
import { colors } from "../src/styles/theme"
import { cities, counties, servicePages } from "./fixtures/content"
import { business, fixturePhone } from "./fixtures/site-data"

const SITE = "https://www.example.com"
const offered = servicePages.map(page => page.serviceType)

describe("crumbsFor", () => {
  it("puts Home first and nothing else on the home page", () => {
    expect(crumbsFor("/")).toEqual([{ label: "Home", path: "/" }])
  })

  it("uses the special labels for the service pages with an ampersand", () => {
    expect(crumbsFor("/patios-rv-pads")).toEqual([
      { label: "Home", path: "/" },
      { label: "Patios & RV Pads", path: "/patios-rv-pads/" },
    ])
    expect(crumbsFor("/stamps-and-stains")).toEqual([
      { label: "Home", path: "/" },
      { label: "Stamps & Stains", path: "/stamps-and-stains/" },
    ])
  })

  it("capitalises words and turns hyphens into spaces", () => {
    expect(crumbsFor("/walkout-basements").map(crumb => crumb.label)).toEqual(["Home", "Walkout Basements"])
    expect(crumbsFor("/retaining-walls").map(crumb => crumb.label)).toEqual(["Home", "Retaining Walls"])
    expect(crumbsFor("/driveways").map(crumb => crumb.label)).toEqual(["Home", "Driveways"])
  })

  it("calls a first segment 'locations' Service Areas and links each level", () => {
    expect(crumbsFor("/locations/west-valley-city")).toEqual([
      { label: "Home", path: "/" },
      { label: "Service Areas", path: "/locations/" },
      { label: "West Valley City", path: "/locations/west-valley-city/" },
    ])
  })

  it("ignores a trailing slash", () => {
    expect(crumbsFor("/locations/west-valley-city/")).toEqual(crumbsFor("/locations/west-valley-city"))
    expect(crumbsFor("/estimate/")).toEqual([
      { label: "Home", path: "/" },
      { label: "Estimate", path: "/estimate/" },
    ])
  })

  it("only renames 'locations' in first position", () => {
    expect(crumbLabel("locations", 1)).toBe("Locations")
    expect(crumbLabel("locations", 0)).toBe("Service Areas")
  })
})

describe("urls", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["/locations/", "/locations/"],
    ["/locations", "/locations/"],
    ["/locations/sandy//", "/locations/sandy/"],
  ])("normalises %j to end in a single slash: %j", (given, normalised) => {
    expect(normalisePath(given)).toBe(normalised)
  })

  it("builds canonical URLs on the site address", () => {
    expect(canonicalUrl(SITE, "/")).toBe("https://www.example.com/")
    expect(canonicalUrl(SITE, "")).toBe("https://www.example.com/")
    expect(canonicalUrl(SITE, "/locations/sandy/")).toBe("https://www.example.com/locations/sandy/")
    expect(canonicalUrl(`${SITE}/`, "/driveways")).toBe("https://www.example.com/driveways/")
  })

  it("turns a city name into its page path", () => {
    expect(slugFromName("West Valley City")).toBe("west-valley-city")
    expect(slugFromName("Salt Lake City")).toBe("salt-lake-city")
    expect(slugFromName("  Cottonwood Heights ")).toBe("cottonwood-heights")
    expect(paths.city("lehi")).toBe("/locations/lehi/")
    expect(paths.service("driveways")).toBe("/driveways/")
    expect(paths.home).toBe("/")
    expect(paths.estimate).toBe("/estimate/")
    expect(paths.locations).toBe("/locations/")
    expect(paths.projectsOfService("driveways")).toBe("/projects/service/driveways/")
    expect(sectionPath("faq", paths.home)).toBe("/#faq")
    expect(sectionPath("estimate", paths.estimate)).toBe("/estimate/#estimate")
    expect(sectionPath("estimate")).toBe("#estimate")
  })

  it("every city's slug is its name lowercased and hyphenated", () => {
    for (const city of cities) expect(slugFromName(city.name)).toBe(city.slug)
  })

  it("makes tel: links and international numbers from the display phone", () => {
    expect(telHref("(801) 555-0142")).toBe("tel:+18015550142")
    expect(telHref("1 (801) 555-0142")).toBe("tel:+18015550142")
    expect(internationalPhone("(801) 555-0142")).toBe("+1-801-555-0142")
    expect(internationalPhone("+1 801.555.0142")).toBe("+1-801-555-0142")
  })
})

describe("localBusinessLd", () => {
  const ld = localBusinessLd(business, offered, counties)

  it("is a LocalBusiness with a more specific type", () => {
    expect(ld["@context"]).toBe("https://schema.org")
    expect(ld["@type"]).toEqual(expect.arrayContaining(["LocalBusiness", "HomeAndConstructionBusiness"]))
    expect(ld.name).toBe(business.name)
    expect(ld.url).toBe(`${business.siteUrl}/`)
  })

  it("carries the telephone and the address in Utah, US", () => {
    expect(ld.telephone).toBe(fixturePhone.international)
    expect(ld.address).toMatchObject({ "@type": "PostalAddress", addressRegion: "UT", addressCountry: "US" })
  })

  it("has the opening hours from data/business.json", () => {
    expect(ld.openingHoursSpecification).toEqual(
      business.hours.map(({ days, opens, closes }) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: days,
        opens,
        closes,
      })),
    )
  })

  it("serves the counties in data/counties.json, each with the box its cities lie in", () => {
    expect(ld.areaServed).toHaveLength(counties.length)
    expect(ld.areaServed).toContainEqual({
      "@type": "AdministrativeArea",
      name: "Weber County, Utah",
      geo: { "@type": "GeoShape", box: "41.05 -112.45 41.45 -111.55" },
      containedInPlace: { "@type": "State", name: "Utah" },
    })
    expect(ld.priceRange).toBe("$$")
  })

  it("claims no rating while data/business.json has none", () => {
    expect("rating" in business).toBe(false)
    expect(ld).not.toHaveProperty("aggregateRating")
    expect(JSON.stringify(ld)).not.toMatch(/rating/i)
  })

  it("carries a rating the business has set, with the address of its reviews", () => {
    const rated = localBusinessLd(
      { ...business, rating: { value: 4.7, count: 31, url: "https://reviews.test/wasatch" } },
      offered,
      counties,
    )
    expect(rated.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.7,
      reviewCount: 31,
      bestRating: 5,
      worstRating: 1,
      url: "https://reviews.test/wasatch",
    })
    const withoutUrl = localBusinessLd({ ...business, rating: { value: 5, count: 2, url: null } }, offered, counties)
    expect(withoutUrl.aggregateRating).not.toHaveProperty("url")
  })

  it("offers every service", () => {
    const catalog = ld.hasOfferCatalog as { "@type": string; itemListElement: JsonLd[] }
    expect(catalog["@type"]).toBe("OfferCatalog")
    expect(catalog.itemListElement).toHaveLength(offered.length)
    expect(catalog.itemListElement.map(offer => (offer.itemOffered as JsonLd).name)).toEqual(offered)
    for (const offer of catalog.itemListElement) expect(offer["@type"]).toBe("Offer")
  })

  it("serves the city on a city page", () => {
    const cityLd = localBusinessLd(business, offered, {
      name: "West Valley City",
      county: "Salt Lake County",
      geo: { latitude: 40.692, longitude: -112.001 },
    })
    expect(cityLd.areaServed).toEqual({
      "@type": "City",
      name: "West Valley City, Utah",
      geo: { "@type": "GeoCoordinates", latitude: 40.692, longitude: -112.001 },
      containedInPlace: { "@type": "AdministrativeArea", name: `${counties[0].name}, Utah` },
    })
    expect(cityLd.telephone).toBe(ld.telephone)
  })
})

describe("other JSON-LD builders", () => {
  it("faqPageLd lists each question with its answer", () => {
    const ld = faqPageLd([
      { question: "How long?", answer: "3-5 days." },
      { question: "When can I drive on it?", answer: "After 7 days." },
    ])
    expect(ld["@type"]).toBe("FAQPage")
    expect(ld.mainEntity).toEqual([
      { "@type": "Question", name: "How long?", acceptedAnswer: { "@type": "Answer", text: "3-5 days." } },
      {
        "@type": "Question",
        name: "When can I drive on it?",
        acceptedAnswer: { "@type": "Answer", text: "After 7 days." },
      },
    ])
  })

  it("breadcrumbLd numbers the crumbs from 1 with absolute URLs", () => {
    const ld = breadcrumbLd(SITE, crumbsFor("/locations/west-valley-city"))
    expect(ld["@type"]).toBe("BreadcrumbList")
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.example.com/" },
      { "@type": "ListItem", position: 2, name: "Service Areas", item: "https://www.example.com/locations/" },
      {
        "@type": "ListItem",
        position: 3,
        name: "West Valley City",
        item: "https://www.example.com/locations/west-valley-city/",
      },
    ])
  })

  it("serviceLd describes the service, its provider and the counties", () => {
    const page = servicePages[0]
    const ld = serviceLd(
      business,
      {
        name: page.name,
        serviceType: page.serviceType,
        description: page.metaDescription,
        path: paths.service(page.slug),
      },
      counties.slice(0, 2),
    )
    expect(ld).toMatchObject({
      "@type": "Service",
      name: page.name,
      serviceType: page.serviceType,
      url: canonicalUrl(business.siteUrl, paths.service(page.slug)),
      provider: { name: business.name, telephone: fixturePhone.international },
      areaServed: [
        { "@type": "AdministrativeArea", name: `${counties[0].name}, Utah` },
        { "@type": "AdministrativeArea", name: `${counties[1].name}, Utah` },
      ],
    })
    expect((ld.provider as JsonLd)["@type"]).toEqual(expect.arrayContaining(["LocalBusiness"]))
  })

  it("serialiseLd escapes '<' so a script tag cannot be closed early", () => {
    const json = serialiseLd({ name: "</script><script>alert(1)</script>" })
    expect(json).not.toContain("<")
    expect(json).toContain("\\u003c/script>")
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" })
  })
})

// WCAG 2.x relative luminance and contrast ratio.
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map(start => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

describe("theme colours", () => {
  it("computes contrast like WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5)
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2)
  })

  type Colour = keyof typeof colors
  const textPairs: [Colour, Colour][] = [
    ["ink", "paper"],
    ["inkMuted", "paper"],
    ["accentText", "paper"],
    ["ink", "concrete"],
    ["inkMuted", "concrete"],
    ["accentText", "concrete"],
    ["onSlate", "slate"],
    ["onSlateMuted", "slate"],
    ["accentOnSlate", "slate"],
    ["onSlate", "accent"],
    ["onSlate", "accentHover"],
    ["paper", "accent"],
    ["paper", "accentHover"],
    ["success", "paper"],
    ["danger", "paper"],
  ]

  it.each(textPairs)("%s text on %s meets WCAG AA (4.5:1)", (text, background) => {
    expect(colors[text]).toMatch(/^#[0-9a-f]{6}$/i)
    expect(contrast(colors[text], colors[background])).toBeGreaterThanOrEqual(4.5)
  })

  it("input borders and the focus ring reach 3:1 on white", () => {
    expect(contrast(colors.lineStrong, colors.paper)).toBeGreaterThanOrEqual(3)
    expect(contrast(colors.focus, colors.paper)).toBeGreaterThanOrEqual(3)
  })
})
describe("the offered services", () => {
  const services = [
    { page: { slug: "driveways", serviceType: "Concrete driveway installation" } },
    { page: null },
    { page: { slug: "retaining-walls", serviceType: "Retaining wall construction" } },
  ]

  it("links a service to its page when it has one", () => {
    expect(services.map(servicePagePath)).toEqual([paths.service("driveways"), null, paths.service("retaining-walls")])
  })

  it("names the service type of each service page for the structured data", () => {
    expect(offeredServiceTypes(services)).toEqual(["Concrete driveway installation", "Retaining wall construction"])
  })
})

describe("newestFirst", () => {
  it("puts the newest month or date first, ties by slug, and leaves its input as it was", () => {
    const items = [
      { slug: "b-patio", finished: "2025-06" },
      { slug: "a-wall", finished: "2025-06" },
      { slug: "c-drive", finished: "2026-01" },
      { date: "2025-12-31" },
      { slug: "ab-steps", finished: "2025-06" },
    ]
    const before = [...items]
    expect(newestFirst(items)).toEqual([
      { slug: "c-drive", finished: "2026-01" },
      { date: "2025-12-31" },
      { slug: "a-wall", finished: "2025-06" },
      { slug: "ab-steps", finished: "2025-06" },
      { slug: "b-patio", finished: "2025-06" },
    ])
    expect(items).toEqual(before)
  })
})
