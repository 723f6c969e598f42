/*
 * Issue 35: what a homeowner asks before calling. The owner's price ranges (shown only when set, dated,
 * checked by the build and warned about when stale), the estimate visit from data, and the warranty page.
 * The ranges and the warranty's terms here are the tests' own: the repository ships none.
 */
import { render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { Helmet } from "react-helmet"
import { NextSteps } from "../src/components/next-steps"
import WarrantyPage from "../src/pages/warranty"
import HomePage from "../src/pages/index"
import ServicePage from "../src/templates/service-page"
import { priceWarnings, warrantyWarnings } from "../src/build-time/launch-check"
import { fillFacts } from "../src/lib/facts"
import { paths } from "../src/lib/paths"
import { priceFigures } from "../src/lib/price"
import { priceOfferLd } from "../src/lib/json-ld"
import { trustFacts } from "../src/lib/trust"
import { durationPhrase, visitLine } from "../src/lib/visit"
import { validateContent } from "../src/build-time/content/validation"
import { readRealContent } from "./fixtures/content-dir"
import {
  business,
  faq,
  homePageData,
  pageProps,
  servicePageData,
  servicePages,
  staticQueryData,
} from "./fixtures/site-data"

jest.mock("../src/components/estimate-section", () => ({ EstimateSection: () => null }))

const mockedStaticQuery = useStaticQuery as jest.Mock
const withBusiness = (changes: object) =>
  mockedStaticQuery.mockReturnValue({
    ...staticQueryData,
    businessJson: { ...staticQueryData.businessJson, ...changes },
  })
beforeEach(() => mockedStaticQuery.mockReturnValue(staticQueryData))

/** A range as an owner would set it: the tests' own figures. */
const range = {
  low: 9,
  high: 14,
  unit: "square foot",
  includes: "tear-out, compacted base, rebar and a broom finish",
  smallestJob: "a 10 × 10 ft pad",
  checked: "2026-09",
}

const ld = () =>
  (Helmet.peek().scriptTags as unknown as { innerHTML: string }[]).map(script => JSON.parse(script.innerHTML))

describe("price ranges", () => {
  const slug = servicePages[0].slug
  const withPrice = (price: typeof range | null) => {
    const data = servicePageData(slug)
    return { ...data, servicesJson: { ...data.servicesJson!, price } }
  }

  it("a service page shows its range, the month it was checked and what it includes, as a guide", () => {
    render(<ServicePage {...pageProps(withPrice(range), paths.service(slug))} />)
    const block = document.getElementById("price")!
    expect(block).toHaveTextContent("$9–14 a square foot")
    expect(block).toHaveTextContent("September 2026")
    expect(block).toHaveTextContent(range.includes)
    expect(block).toHaveTextContent(range.smallestJob!)
    expect(block).toHaveTextContent("your written quote after the visit is what counts")
    const service = ld().find(data => data["@type"] === "Service")
    expect(service.offers).toEqual({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: servicePages[0].name },
      priceSpecification: { "@type": "PriceSpecification", minPrice: 9, maxPrice: 14, priceCurrency: "USD" },
    })
  })

  it("without a range, the page mentions no price and its structured data has none", () => {
    const { container } = render(<ServicePage {...pageProps(withPrice(null), paths.service(slug))} />)
    expect(document.getElementById("price")).toBeNull()
    expect(container.textContent).not.toMatch(/\$\d/)
    expect(ld().find(data => data["@type"] === "Service")).not.toHaveProperty("offers")
  })

  it("the home page's cards carry a short line only for a service with a range", () => {
    const nodes = homePageData.allServicesJson.nodes
    const data = {
      ...homePageData,
      allServicesJson: { nodes: nodes.map((node, i) => ({ ...node, price: i === 0 ? range : null })) },
    }
    const { container } = render(<HomePage {...pageProps(data, paths.home)} />)
    const cards = within(document.getElementById("services")!).getAllByRole("article")
    expect(cards[0]).toHaveTextContent("Recent jobs: $9–14 a square foot (September 2026)")
    expect(container.textContent?.match(/\$\d/g)).toHaveLength(1)
  })

  it("writes figures in dollars, thousands grouped", () => {
    expect(priceFigures({ ...range, low: 4500, high: 9000, unit: "job" })).toBe("$4,500–9,000 a job")
    expect(priceOfferLd(null, "Driveways")).toBeUndefined()
  })

  it("the build refuses a range with low above high, or with no unit, naming the file, entry and field", () => {
    const files = readRealContent()
    files["services.json"].services[0].price = { ...range, low: 15 }
    const { unit: _unit, ...noUnit } = range
    files["services.json"].services[1].price = noUnit
    const errors = validateContent(files)
    const [first, second] = files["services.json"].services
    expect(errors).toContainEqual({
      file: "services.json",
      entry: `#0 "${first.slug}"`,
      field: "price.low",
      message: "15 is above the high figure, 14",
    })
    expect(errors).toContainEqual(
      expect.objectContaining({
        entry: `#1 "${second.slug}"`,
        field: "price.unit",
        message: expect.stringMatching(/required/),
      }),
    )
  })

  it("the deploy build warns about a range last checked more than 12 months ago, and not a fresh one", () => {
    const today = new Date("2027-10-15T12:00:00Z")
    const services = [
      { slug: "driveways", price: { checked: "2026-09" } },
      { slug: "patios", price: { checked: "2026-10" } },
      { slug: "walls" },
    ]
    const warnings = priceWarnings(services, today)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^data\/services\.json › entry #0 "driveways" › field "price\.checked"/)
  })
})

describe("the estimate visit", () => {
  const { visit } = staticQueryData.businessJson!

  it("says what is looked at, and nothing of length or who comes until the owner sets them", () => {
    const line = visitLine(visit)
    expect(line).toContain(visit.checks[0])
    expect(line).not.toMatch(/minutes|hour|Who comes/)
    expect(visitLine({ ...visit, lengthMinutes: 45, whoComes: "Our owner, who runs every crew" })).toMatch(
      /^Who comes: Our owner, who runs every crew\. The visit takes about 45 minutes\. We look at /,
    )
    expect(durationPhrase(90)).toBe("an hour and a half")
  })

  it("beside the form: the quote's hours from quoteWithinHours, and a text message to book, prefilled", () => {
    withBusiness({ quoteWithinHours: 48 })
    render(<NextSteps />)
    const steps = within(screen.getByRole("list", { name: "What happens after you send it" })).getAllByRole("listitem")
    expect(steps[2]).toHaveTextContent("Your written quote within 48 hours")
    const text = screen.getByRole("link", { name: "Text us to set a time" })
    expect(text.getAttribute("href")).toBe(
      `sms:${business.phone.replace(/\D/g, "").replace(/^/, "+1")}?&body=${encodeURIComponent(visit.textMessage)}`,
    )
  })
})

describe("the warranty", () => {
  const render404 = () => render(<WarrantyPage {...pageProps({ businessJson: { warranty: null } }, paths.warranty)} />)

  it("until the terms are set, says only the years and the workmanship, and the launch check lists the terms", () => {
    render404()
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      `${business.warrantyYears}-year workmanship warranty`,
    )
    expect(screen.queryByRole("heading", { name: "What the warranty covers" })).toBeNull()
    expect(screen.queryByRole("heading", { name: "How to make a claim" })).toBeNull()
    const [warning] = warrantyWarnings({})
    expect(warning).toMatch(/"covers".*"excludes".*"claim"/)
  })

  it("shows the owner's terms once set", () => {
    const warranty = {
      covers: ["Workmanship: how the base was prepared and the concrete placed and finished", "Scaling of the surface"],
      excludes: ["Cracks from tree roots"],
      claim: "Send a photo of the problem with your invoice number; we come to look within a week.",
    }
    render(<WarrantyPage {...pageProps({ businessJson: { warranty } }, paths.warranty)} />)
    for (const term of [...warranty.covers, ...warranty.excludes, warranty.claim])
      expect(screen.getByText(term)).toBeInTheDocument()
    expect(warrantyWarnings({ warranty })).toEqual([])
  })

  it("the FAQ's answer, the trust strip and the page read the same years", () => {
    const years = 7
    withBusiness({ warrantyYears: years })
    render404()
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`${years}-year`)
    const answer = faq.find(item => item.answer.includes("{warrantyYears}"))!.answer
    expect(fillFacts(answer, { warrantyYears: years, quoteWithinHours: 24 })).toContain(`${years}-year`)
    expect(trustFacts({ ...business, warrantyYears: years }).find(fact => fact.key === "warranty")).toEqual({
      key: "warranty",
      text: `${years}-year workmanship warranty`,
      href: paths.warranty,
    })
  })

  it("is linked from every service page and the footer", () => {
    const slug = servicePages[0].slug
    render(<ServicePage {...pageProps(servicePageData(slug), paths.service(slug))} />)
    const links = screen.getAllByRole("link").filter(link => link.getAttribute("href") === paths.warranty)
    expect(links.map(link => link.textContent)).toEqual(
      expect.arrayContaining(["Read the warranty in full", "Warranty"]),
    )
  })

  it("a text naming an unknown fact is refused by the build", () => {
    const files = readRealContent()
    files["faq.json"].questions[0].answer = "A {warrantyYear}-year warranty"
    expect(validateContent(files)).toContainEqual(
      expect.objectContaining({
        file: "faq.json",
        field: "answer",
        message: expect.stringMatching(/"\{warrantyYear\}" is not a fact/),
      }),
    )
  })
})
