/*
 * Checks over the HTML the production build writes, without a browser: every route and the 404 page
 * exist with their heading, metadata and JSON-LD in the static HTML, the sitemap and robots.txt are
 * complete, and every internal link and in-page anchor lands somewhere.
 */
import { paths } from "../../src/lib/paths"
import fs from "node:fs"
import path from "node:path"
import business from "../../data/business.json"
import { faq, services } from "../fixtures/content"
import {
  absoluteUrl,
  cityList,
  cityRoute,
  htmlFile,
  pageFile,
  readDocument,
  readPage,
  routes,
  serviceRoutes,
  siteRoot,
  siteUrl,
  textOf,
} from "../support/site"

type Ld = Record<string, unknown>

const jsonLdSources = (document: Document) =>
  Array.from(document.querySelectorAll('script[type="application/ld+json"]'), script => script.textContent ?? "")

const jsonLd = (document: Document): Ld[] =>
  jsonLdSources(document).flatMap(source => {
    const data = JSON.parse(source) as Ld
    return Array.isArray(data["@graph"]) ? (data["@graph"] as Ld[]) : [data]
  })

const typesOf = (ld: Ld) => [ld["@type"]].flat()
const ldOfType = (document: Document, type: string) => jsonLd(document).filter(ld => typesOf(ld).includes(type))

const meta = (document: Document, selector: string) => document.querySelector(selector)?.getAttribute("content") ?? null

/** What the canonical link of a route must be: city pages use the city's name, lowercased and hyphenated. */
function expectedCanonical(route: string): string {
  const city = cityList.find(candidate => cityRoute(candidate) === route)
  if (city) return `${siteUrl}${paths.city(city.name.toLowerCase().replace(/\s+/g, "-"))}`
  return absoluteUrl(route)
}

const locsIn = (xml: string) => Array.from(xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g), match => match[1])

test("the content defines a route for each page: /, /estimate, /locations, every service and every city", () => {
  expect(serviceRoutes.length).toBeGreaterThan(0)
  expect(cityList.length).toBeGreaterThan(0)
  expect(new Set(routes).size).toBe(routes.length)
  for (const city of cityList) expect(routes).toContain(cityRoute(city))
})

test("the build wrote every route and the 404 page", () => {
  const missing = [...routes, "/404"].filter(route => !fs.existsSync(htmlFile(route)))
  expect(missing).toEqual([])
})

test("the privacy page describes Google's tag only when the build loads it (GATSBY_GTAG_ID)", () => {
  const main = readPage(paths.privacy).querySelector("main") as Element
  const loadsTag = Boolean(process.env.GATSBY_GTAG_ID?.trim())
  expect(/Google/.test(textOf(main))).toBe(loadsTag)
  expect(textOf(main).includes("This site sets no cookies")).toBe(!loadsTag)
})

describe.each([...routes, "/404"])("the page %s", route => {
  let document: Document
  beforeAll(() => {
    document = readPage(route)
  })

  test('has <html lang="en"> and exactly one h1 with text', () => {
    expect(document.documentElement.getAttribute("lang")).toBe("en")
    const headings = document.querySelectorAll("h1")
    expect(headings).toHaveLength(1)
    expect(textOf(headings[0])).not.toBe("")
  })

  test("has a title and a meta description", () => {
    expect(document.querySelectorAll("head title")).toHaveLength(1)
    expect(document.title.trim()).not.toBe("")
    expect(meta(document, 'meta[name="description"]')?.trim()).toBeTruthy()
  })

  test("has Open Graph title, description and an absolute url", () => {
    expect(meta(document, 'meta[property="og:title"]')?.trim()).toBeTruthy()
    expect(meta(document, 'meta[property="og:description"]')?.trim()).toBeTruthy()
    expect(meta(document, 'meta[property="og:url"]')).toBe(absoluteUrl(route === "/404" ? "/404/" : route))
  })

  test("links the privacy policy and the accessibility statement from its footer", () => {
    const footer = document.querySelector("footer")
    expect(footer?.querySelector(`a[href="${paths.privacy}"]`)).not.toBeNull()
    expect(footer?.querySelector(`a[href="${paths.accessibility}"]`)).not.toBeNull()
    expect(footer?.querySelector(`a[href="${paths.warranty}"]`)).not.toBeNull()
  })

  test("reads the consent line, with its link to the privacy policy, with every estimate form's button", () => {
    for (const button of Array.from(document.querySelectorAll('form button[type="submit"]'))) {
      const line = document.getElementById(button.getAttribute("aria-describedby") ?? "")
      expect(textOf(line as Element)).toMatch(/call or text this number about your estimate/)
      expect(line?.querySelector(`a[href="${paths.privacy}"]`)).not.toBeNull()
    }
  })

  test("has JSON-LD that parses", () => {
    for (const source of jsonLdSources(document)) expect(() => JSON.parse(source)).not.toThrow()
  })

  if (route === "/404") {
    test("is kept out of search results: noindex and no canonical link", () => {
      expect(meta(document, 'meta[name="robots"]')).toMatch(/noindex/)
      expect(document.querySelector('link[rel="canonical"]')).toBeNull()
    })
  } else {
    test("has keywords and an absolute canonical link on the public site address", () => {
      expect(meta(document, 'meta[name="keywords"]')?.trim()).toBeTruthy()
      const canonical = document.querySelectorAll('link[rel="canonical"]')
      expect(canonical).toHaveLength(1)
      expect(canonical[0].getAttribute("href")).toBe(expectedCanonical(route))
      expect(meta(document, 'meta[property="og:url"]')).toBe(expectedCanonical(route))
    })
  }

  if (route === "/" || route === "/404") {
    test("has no BreadcrumbList", () => {
      expect(ldOfType(document, "BreadcrumbList")).toEqual([])
    })
  } else {
    test("has a BreadcrumbList from Home to this page", () => {
      const [list] = ldOfType(document, "BreadcrumbList")
      expect(list).toBeDefined()
      const items = list.itemListElement as { position: number; item: string }[]
      expect(items[0].item).toBe(`${siteUrl}/`)
      expect(items[items.length - 1].item).toBe(absoluteUrl(route))
      expect(items.map(item => item.position)).toEqual(items.map((_item, index) => index + 1))
    })
  }
})

describe("JSON-LD", () => {
  test("the home page has the LocalBusiness, also a HomeAndConstructionBusiness, with the business's facts", () => {
    const [local] = ldOfType(readPage("/"), "LocalBusiness")
    expect(local).toBeDefined()
    expect(typesOf(local)).toContain("HomeAndConstructionBusiness")
    expect(local).toMatchObject({
      name: business.name,
      address: { addressRegion: "UT", addressCountry: "US" },
      priceRange: business.priceRange,
    })
    expect(local.areaServed).toContainEqual(expect.objectContaining({ "@type": "AdministrativeArea" }))
    // The markup claims a rating only when data/business.json sets one (issue 15).
    const { rating } = business as { rating?: { value: number } }
    if (rating) expect(local.aggregateRating).toMatchObject({ ratingValue: rating.value })
    else expect(local).not.toHaveProperty("aggregateRating")
    expect(String(local.telephone).replace(/\D/g, "")).toBe(`1${business.phone.replace(/\D/g, "")}`)
    expect(local.openingHoursSpecification).toHaveLength(business.hours.length)
    const catalogue = local.hasOfferCatalog as { itemListElement: unknown[] }
    expect(catalogue.itemListElement).toHaveLength(serviceRoutes.length)
  })

  test("the home page has a FAQPage with every question", () => {
    const [page] = ldOfType(readPage("/"), "FAQPage")
    expect(page).toBeDefined()
    const questions = page.mainEntity as { "@type": string; name: string }[]
    expect(questions.map(question => question.name)).toEqual(faq.map(item => item.question))
  })

  test.each(cityList.map(city => [city.name, city] as const))(
    "the %s page has the business serving that city",
    (_name, city) => {
      const [local] = ldOfType(readPage(cityRoute(city)), "LocalBusiness")
      expect(local).toBeDefined()
      expect(local.name).toBe(business.name)
      const served = [local.areaServed].flat() as { name?: string }[]
      expect(served.map(area => area.name)).toContainEqual(expect.stringMatching(new RegExp(`^${city.name}(,|$)`)))
    },
  )

  test.each(serviceRoutes)("the %s page has a Service offered by the business", route => {
    const [service] = ldOfType(readPage(route), "Service")
    expect(service).toBeDefined()
    expect(String(service.name).trim()).not.toBe("")
    expect(service.provider).toMatchObject({ name: business.name })
  })
})

describe("sitemap and robots.txt", () => {
  const read = (file: string) => fs.readFileSync(path.join(siteRoot, file), "utf8")
  const local = (url: string) => {
    expect(url.startsWith(`${siteUrl}/`)).toBe(true)
    return url.slice(siteUrl.length + 1)
  }

  test("sitemap-index.xml leads to sitemaps that list exactly the routes, without the 404", () => {
    const sitemaps = locsIn(read("sitemap-index.xml"))
    expect(sitemaps).toEqual([`${siteUrl}/sitemap-0.xml`])
    const listed = sitemaps.flatMap(sitemap => locsIn(read(local(sitemap))))
    expect([...listed].sort()).toEqual(routes.map(absoluteUrl).sort())
  })

  test("the owner's test send lives in the Leads view, which names the business, and on no public page", () => {
    const leads = readDocument(path.join(siteRoot, "admin/leads/index.html"))
    expect(meta(leads, 'meta[name="robots"]')).toMatch(/noindex/)
    const view = leads.getElementById("leads")
    expect(view?.dataset).toMatchObject({
      businessName: business.name,
      businessPhone: business.phone,
      businessEmail: business.email,
    })
    expect(fs.existsSync(path.join(siteRoot, "send-test-estimate"))).toBe(false)
    for (const route of routes) expect(textOf(readPage(route).body)).not.toContain("Send a test estimate")
  })

  test("robots.txt names the absolute sitemap address", () => {
    expect(read("robots.txt")).toMatch(new RegExp(`^Sitemap: ${siteUrl}/sitemap-index\\.xml$`, "m"))
  })
})

test("a page mentions a price only where the owner set a service's range, and so does the structured data", () => {
  const priced = services.flatMap(service => ("price" in service && service.price ? [service] : []))
  const mentioning = [...routes, "/404"].filter(route => {
    const document = readPage(route)
    return /\$\d/.test(textOf(document.body)) || JSON.stringify(jsonLd(document)).includes("PriceSpecification")
  })
  const pricedRoutes = priced.flatMap(service => [paths.home, paths.service(service.slug)])
  expect(mentioning.filter(route => !pricedRoutes.includes(route))).toEqual([])
  for (const route of pricedRoutes) expect([route, mentioning.includes(route)]).toEqual([route, true])
})

test("browsers find an icon on every page, so none of them logs a failed /favicon.ico request", () => {
  const hasFavicon = fs.existsSync(path.join(siteRoot, "favicon.ico"))
  const withoutIcon = [...routes, "/404"].filter(route => {
    const icon = readPage(route).querySelector('link[rel~="icon"]')?.getAttribute("href")
    if (!icon) return !hasFavicon
    return !icon.startsWith("data:") && !fs.existsSync(path.join(siteRoot, icon.split(/[?#]/)[0]))
  })
  expect(withoutIcon).toEqual([])
})

describe("internal links", () => {
  /** Every internal href on a page that does not lead to a built page or to an element with that id. */
  function brokenLinks(route: string): string[] {
    const document = readPage(route)
    const broken: string[] = []
    for (const element of Array.from(document.querySelectorAll("[href]"))) {
      const href = element.getAttribute("href") ?? ""
      if (!/^(\/(?!\/)|#)/.test(href)) continue
      const [pathname, fragment] = href.split("#", 2) as [string, string | undefined]
      const target = pathname === "" ? htmlFile(route) : pageFile(pathname.split("?")[0])
      if (!target) {
        // Non-page resources (the sitemap link, a project photo's largest rendition) only need to exist.
        const isImage = /\.(?:jpe?g|png|webp|avif)$/.test(pathname)
        const isFile = (element.tagName !== "A" || isImage) && fs.existsSync(path.join(siteRoot, pathname))
        if (!isFile) broken.push(`${href} (no such page)`)
        continue
      }
      if (fragment === undefined) continue
      if (fragment === "" || !readDocument(target).getElementById(decodeURIComponent(fragment)))
        broken.push(`${href} (no element with id "${fragment}")`)
    }
    return broken
  }

  test.each([...routes, "/404"])("every internal link on %s resolves", route => {
    expect(brokenLinks(route)).toEqual([])
  })
})
