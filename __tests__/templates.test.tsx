import { render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { Helmet } from "react-helmet"
import { fillFacts } from "../src/lib/facts"
import { EstimateSection } from "../src/components/estimate-section"
import EstimatePage from "../src/pages/estimate"
import HomePage from "../src/pages/index"
import LocationsPage from "../src/pages/locations"
import CityPage from "../src/templates/city-page"
import ServicePage from "../src/templates/service-page"
import { paths } from "../src/lib/paths"
import { canonicalUrl } from "../src/lib/urls"
import {
  business,
  cities,
  cityPageData,
  counties,
  estimatePageData,
  faq,
  fixturePhone,
  homePageData,
  locationsPageData,
  pageProps,
  processSteps,
  reasons,
  servicePageData,
  servicePages,
  services,
  staticQueryData,
} from "./fixtures/site-data"

// The estimate form has its own issue and its own tests; here only its section and anchor matter.
jest.mock("../src/components/estimate-section", () => {
  const React = require("react")
  return {
    EstimateSection: jest.fn(() =>
      React.createElement(
        "section",
        { id: "estimate", "aria-labelledby": "estimate-title" },
        React.createElement("h2", { id: "estimate-title" }, "Request Your Free Estimate"),
      ),
    ),
  }
})

const mockedStaticQuery = useStaticQuery as jest.Mock

beforeEach(() => {
  mockedStaticQuery.mockReturnValue(staticQueryData)
  ;(EstimateSection as jest.Mock).mockClear()
})

type Tag = Record<string, string>
const head = () => {
  const state = Helmet.peek()
  return {
    title: state.title as string,
    canonical: (state.linkTags as unknown as Tag[]).find(link => link.rel === "canonical")?.href,
    description: (state.metaTags as unknown as Tag[]).find(meta => meta.name === "description")?.content,
    jsonLd: (state.scriptTags as unknown as Tag[]).map(script => JSON.parse(script.innerHTML)),
  }
}

const section = (id: string) => {
  const element = document.getElementById(id)
  if (!element) throw new Error(`No element with id ${id}`)
  return element
}

const expectOneH1 = (name: string | RegExp) => {
  const headings = screen.getAllByRole("heading", { level: 1 })
  expect(headings).toHaveLength(1)
  expect(headings[0]).toHaveTextContent(name)
}

describe("city page", () => {
  const renderCity = (slug: string) => render(<CityPage {...pageProps(cityPageData(slug), paths.city(slug))} />)
  // Cities of the content, whichever the owner keeps: the last by name, and a county with more than one city.
  const content = cities[cities.length - 1]
  const county = counties.find(candidate => cities.filter(city => city.county === candidate.slug).length > 1)!

  it("has one h1 naming the city", () => {
    renderCity(content.slug)
    expectOneH1(`Concrete Contractor in ${content.name}, Utah`)
  })

  it("shows the Local Expertise block with the city's own content", () => {
    renderCity(content.slug)
    const block = section("local-expertise")
    expect(within(block).getByRole("heading", { level: 2, name: "Local Expertise" })).toBeInTheDocument()
    expect(block).toHaveTextContent(content.localInfo)
    expect(block).toHaveTextContent(content.weatherConsiderations)
    const headings = within(block)
      .getAllByRole("heading", { level: 3 })
      .map(heading => heading.textContent)
    expect(headings).toEqual([
      `Building in ${content.name}`,
      "Climate considerations",
      `Popular projects in ${content.name}`,
      "Nearby areas",
    ])
    for (const project of content.popularProjects) expect(within(block).getByText(project)).toBeInTheDocument()
    for (const landmark of content.nearbyLandmarks) expect(within(block).getByText(landmark)).toBeInTheDocument()
  })

  it("links to the nearby cities' pages", () => {
    renderCity(content.slug)
    const block = section("local-expertise")
    expect(content.nearby.length).toBeGreaterThan(0)
    for (const slug of content.nearby) {
      const neighbour = cities.find(entry => entry.slug === slug)
      expect(within(block).getByRole("link", { name: neighbour?.name })).toHaveAttribute("href", paths.city(slug))
    }
  })

  it("gives the reasons to choose the company", () => {
    renderCity(content.slug)
    const whyUs = section("why-us")
    const titles = within(whyUs)
      .getAllByRole("heading", { level: 3 })
      .map(heading => heading.textContent)
    expect(titles).toEqual(reasons.map(reason => fillFacts(reason.title, business)))
  })

  it("lists the services, linking the ones with pages", () => {
    renderCity(content.slug)
    const list = section("services")
    for (const page of servicePages) {
      const title = services.find(service => service.slug === page.slug)?.title
      expect(within(list).getByRole("link", { name: title })).toHaveAttribute("href", paths.service(page.slug))
    }
    expect(within(list).getAllByRole("listitem")).toHaveLength(services.length)
  })

  it("has an estimate button to /estimate, a call link and the estimate section", () => {
    renderCity(content.slug)
    const hero = screen.getByRole("heading", { level: 1 }).closest("section") as HTMLElement
    expect(within(hero).getByRole("link", { name: "Get Free Estimate" })).toHaveAttribute("href", paths.estimate)
    expect(within(hero).getByRole("link", { name: /^Call/ })).toHaveAttribute("href", fixturePhone.tel)
    expect(section("estimate")).toBeInTheDocument()
  })

  it("links the other cities of its county", () => {
    renderCity(county.hubCity)
    const more = section("county")
    const hrefs = within(more)
      .getAllByRole("link")
      .map(link => link.getAttribute("href"))
    const expected = cities.filter(city => city.county === county.slug && city.slug !== county.hubCity)
    expect(hrefs).toEqual([...expected.map(city => paths.city(city.slug)), paths.locations])
  })

  it("shows the breadcrumb Home › Service Areas › city", () => {
    renderCity(content.slug)
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" })).getAllByRole("listitem")
    expect(crumbs.map(crumb => crumb.textContent)).toEqual(["Home", "Service Areas", content.name])
  })

  it("has its own title, canonical link and a LocalBusiness serving the city", () => {
    renderCity(content.slug)
    const { title, canonical, description, jsonLd } = head()
    expect(title).toContain(content.name)
    expect(description).toContain(content.name)
    expect(canonical).toBe(canonicalUrl(business.siteUrl, paths.city(content.slug)))
    const local = jsonLd.find(ld => Array.isArray(ld["@type"]) && ld["@type"].includes("LocalBusiness"))
    expect(local.areaServed).toMatchObject({ "@type": "City", name: `${content.name}, Utah` })
    expect(local.hasOfferCatalog.itemListElement).toHaveLength(servicePages.length)
    expect(jsonLd.map(ld => ld["@type"])).toContain("BreadcrumbList")
  })

  it.each(cities.map(city => [city.name, city.slug]))("renders %s with its own local content", (name, slug) => {
    renderCity(slug)
    expectOneH1(`Concrete Contractor in ${name}, Utah`)
    const content = cities.find(entry => entry.slug === slug)
    expect(section("local-expertise")).toHaveTextContent(content?.localInfo ?? "missing")
    expect(head().canonical).toBe(canonicalUrl(business.siteUrl, paths.city(slug)))
  })
})

describe("service page", () => {
  const renderService = (slug: string) =>
    render(<ServicePage {...pageProps(servicePageData(slug), paths.service(slug))} />)

  it.each(servicePages.map(page => [page.slug, page]))("%s shows its headline as the only h1", (slug, page) => {
    renderService(slug)
    expectOneH1(page.headline)
    expect(screen.getByText(page.intro)).toBeInTheDocument()
  })

  it.each(servicePages.map(page => [page.slug, page]))("%s shows every section and feature list", (slug, page) => {
    renderService(slug)
    for (const { heading } of page.sections)
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument()
    const features = section("what-we-build")
    for (const list of page.featureLists) {
      expect(within(features).getByRole("heading", { level: 3, name: list.heading })).toBeInTheDocument()
      for (const item of list.items) expect(within(features).getAllByText(item).length).toBeGreaterThan(0)
    }
  })

  it.each(servicePages.map(page => [page.slug, page]))("%s shows the process steps in order", (slug, page) => {
    renderService(slug)
    const steps = within(section("process"))
      .getAllByRole("heading", { level: 3 })
      .map(heading => heading.textContent)
    expect(steps).toEqual(page.process.map(step => step.title))
  })

  it.each(servicePages.map(page => [page.slug]))("%s: every 'Get Free Estimate' reaches #estimate", slug => {
    renderService(slug)
    const buttons = screen.getAllByRole("link", { name: "Get Free Estimate" })
    expect(buttons.length).toBeGreaterThanOrEqual(2)
    for (const button of buttons) expect(button).toHaveAttribute("href", "#estimate")
    expect(section("estimate").tagName).toBe("SECTION")
    expect(EstimateSection).toHaveBeenCalled()
    expect(screen.getAllByRole("link", { name: /^Call/ }).length).toBeGreaterThanOrEqual(1)
  })

  it("has the service's image, metadata and Service JSON-LD", () => {
    renderService("retaining-walls")
    const page = servicePages.find(entry => entry.slug === "retaining-walls")
    const image = screen.getByRole("img", { name: /retaining walls/ })
    expect(image).toHaveAttribute("loading", "eager")
    const { title, canonical, jsonLd } = head()
    expect(title).toContain(page?.metaTitle)
    expect(canonical).toBe(canonicalUrl(business.siteUrl, paths.service("retaining-walls")))
    const service = jsonLd.find(ld => ld["@type"] === "Service")
    expect(service).toMatchObject({ name: page?.name, serviceType: page?.serviceType })
    expect(service.areaServed).toHaveLength(counties.length)
  })

  it("covers every retaining wall type and the 4-foot rule", () => {
    renderService("retaining-walls")
    const text = document.body.textContent ?? ""
    for (const kind of ["gravity", "cantilever", "counterfort", "segmental", "buttress", "terraced"])
      expect(text.toLowerCase()).toContain(kind)
    expect(text).toMatch(/4 feet/)
  })
})

describe("home page", () => {
  const renderHome = () => render(<HomePage {...pageProps(homePageData, paths.home)} />)

  it("has the hero headline as its only h1, with the estimate and call buttons", () => {
    renderHome()
    expectOneH1("Quality Concrete Solutions for Your Projects")
    const hero = screen.getByRole("heading", { level: 1 }).closest("section") as HTMLElement
    expect(within(hero).getByRole("link", { name: "Get Free Estimate" })).toHaveAttribute("href", "#estimate")
    const call = within(hero).getByRole("link", { name: /Call/ })
    expect(call.getAttribute("href")).toMatch(/^tel:/)
    // The hero image is fetched at once; the cards' images wait until they near the screen.
    const image = within(hero).getByRole("img", { name: /driveway/ })
    expect(image).toHaveAttribute("loading", "eager")
    expect(image.closest("picture")?.querySelector('source[type="image/avif"]')).not.toBeNull()
    for (const card of within(section("services")).getAllByRole("img")) expect(card).toHaveAttribute("loading", "lazy")
  })

  it("shows a card for each service in #services", () => {
    renderHome()
    const cards = within(section("services")).getAllByRole("article")
    expect(cards).toHaveLength(services.length)
    cards.forEach((card, index) => {
      expect(card).toHaveTextContent(services[index].title)
      for (const feature of services[index].features) expect(card).toHaveTextContent(feature)
    })
    for (const page of servicePages)
      expect(
        within(section("services"))
          .getAllByRole("link")
          .map(link => link.getAttribute("href")),
      ).toContain(paths.service(page.slug))
  })

  it("shows the process steps in their order", () => {
    renderHome()
    const steps = within(section("process"))
      .getAllByRole("heading", { level: 3 })
      .map(heading => heading.textContent)
    expect(steps).toEqual([...processSteps].sort((a, b) => a.number - b.number).map(step => step.title))
  })

  it("has the #estimate section and the #faq accordion with every question", () => {
    renderHome()
    expect(section("estimate")).toBeInTheDocument()
    const questions = Array.from(section("faq").querySelectorAll("details"))
    expect(questions).toHaveLength(faq.length)
    expect(questions.map(question => question.querySelector("summary")?.textContent)).toEqual(
      faq.map(item => item.question),
    )
    for (const question of questions) expect(question.open).toBe(false)
  })

  it("places the sections in order: services, process, estimate, faq", () => {
    renderHome()
    const ids = Array.from(document.querySelectorAll("main section[id]:not(section section)")).map(
      element => element.id,
    )
    expect(ids).toEqual(["services", "process", "estimate", "faq"])
  })

  it("uses in-page anchors in the header and shows no breadcrumb", () => {
    renderHome()
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument()
    const header = screen.getByRole("banner")
    expect(header.querySelector('a[href="#faq"]')).not.toBeNull()
    expect(header.querySelector('a[href="#estimate"]')).not.toBeNull()
  })

  it("has the LocalBusiness and FAQPage JSON-LD and a canonical link on /", () => {
    renderHome()
    const { canonical, jsonLd } = head()
    expect(canonical).toBe(`${business.siteUrl}/`)
    const types = jsonLd.map(ld => ld["@type"])
    expect(types).toContainEqual(["LocalBusiness", "HomeAndConstructionBusiness"])
    expect(types).toContain("FAQPage")
    expect(types).not.toContain("BreadcrumbList")
    const local = jsonLd.find(ld => Array.isArray(ld["@type"]))
    expect(local.areaServed.map((area: { "@type": string }) => area["@type"])).toEqual(
      counties.map(() => "AdministrativeArea"),
    )
    expect(local.hasOfferCatalog.itemListElement).toHaveLength(servicePages.length)
    expect(jsonLd.find(ld => ld["@type"] === "FAQPage").mainEntity).toHaveLength(faq.length)
  })

  it("claims no rating and shows none while the business has none", () => {
    renderHome()
    const business = head().jsonLd.find(ld => Array.isArray(ld["@type"]))
    expect(business).not.toHaveProperty("aggregateRating")
    expect(document.body).not.toHaveTextContent(/Rated [\d.]+ out of 5/)
  })

  it("shows a rating the business has set wherever its markup carries it", () => {
    const rating = { value: 4.9, count: 23, url: null }
    ;(useStaticQuery as jest.Mock).mockReturnValue({
      ...staticQueryData,
      businessJson: { ...staticQueryData.businessJson, rating },
    })
    renderHome()
    const business = head().jsonLd.find(ld => Array.isArray(ld["@type"]))
    expect(business.aggregateRating).toMatchObject({ ratingValue: 4.9, reviewCount: 23 })
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Rated 4.9 out of 5 from 23 reviews")
  })
})

describe("estimate page", () => {
  const renderEstimate = () => render(<EstimatePage {...pageProps(estimatePageData, paths.estimate)} />)

  it("has one h1, the estimate card and the quote promise from data/business.json", () => {
    renderEstimate()
    expectOneH1("Get a Free Concrete Estimate")
    expect(section("estimate")).toBeInTheDocument()
    expect(EstimateSection).toHaveBeenCalledWith(expect.objectContaining({ variant: "card" }), expect.anything())
    expect(screen.getByRole("heading", { level: 1 }).closest("section")).toHaveTextContent(
      `within ${business.quoteWithinHours} hours`,
    )
  })

  it("summarises every service, linking those with pages", () => {
    renderEstimate()
    const summary = section("services-summary")
    expect(within(summary).getAllByRole("heading", { level: 3 })).toHaveLength(services.length)
    for (const page of servicePages)
      expect(
        within(summary)
          .getAllByRole("link")
          .map(link => link.getAttribute("href")),
      ).toContain(paths.service(page.slug))
  })

  it("has a canonical link and the breadcrumb Home › Estimate", () => {
    renderEstimate()
    expect(head().canonical).toBe(canonicalUrl(business.siteUrl, paths.estimate))
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" })).getAllByRole("listitem")
    expect(crumbs.map(crumb => crumb.textContent)).toEqual(["Home", "Estimate"])
  })
})

describe("locations page", () => {
  const renderLocations = () => render(<LocationsPage {...pageProps(locationsPageData(), paths.locations)} />)

  it("has one h1", () => {
    renderLocations()
    expectOneH1("Concrete Service Areas in Utah")
  })

  it("lists every city under its county's heading", () => {
    renderLocations()
    const groups = counties.map(county => {
      const heading = screen.getByRole("heading", { level: 2, name: county.name })
      return { county, group: heading.closest("section") as HTMLElement }
    })
    let total = 0
    for (const { county, group } of groups) {
      const links = within(group).getAllByRole("link")
      const expected = cities.filter(city => city.county === county.slug)
      expect(links.map(link => link.textContent)).toEqual(expected.map(city => city.name))
      expect(links.map(link => link.getAttribute("href"))).toEqual(expected.map(city => paths.city(city.slug)))
      total += links.length
    }
    expect(total).toBe(cities.length)
  })

  it("shows the breadcrumb Home › Service Areas and a canonical link", () => {
    renderLocations()
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" })
    expect(within(nav).getByText("Service Areas")).toHaveAttribute("aria-current", "page")
    expect(head().canonical).toBe(canonicalUrl(business.siteUrl, paths.locations))
  })
})
