import { act, render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { ActionBar } from "../src/components/action-bar"
import { sizes } from "../src/styles/theme"
import { AskPanel } from "../src/components/ask-panel"
import { Header } from "../src/components/header"
import { NextSteps } from "../src/components/next-steps"
import { ServiceList } from "../src/components/service-list"
import { paths } from "../src/lib/paths"
import { TrustStrip } from "../src/components/trust-strip"
import { clockTime, hoursLine, LICENCE_LOOKUP_URL, nextStepLine, trustFacts } from "../src/lib/trust"
import { business, fixturePhone, staticQueryData } from "./fixtures/site-data"

type Business = NonNullable<Queries.BusinessQuery["businessJson"]>

if (!staticQueryData.businessJson) throw new Error("The fixtures have no business")

/** The business as data/business.json has it, with none of the optional facts set. */
const bare: Business = { ...staticQueryData.businessJson, rating: null }

/** The same business once it has set every optional fact. */
const complete: Business = {
  ...bare,
  licenseNumber: "12345678-5501",
  insurance: "Insured for general liability and workers' compensation",
  inBusinessSince: 2009,
  rating: { value: 4.8, count: 112, url: "https://reviews.example.com/wasatch-concrete" },
}

const trustList = () => document.querySelector("ul.trust-facts") as HTMLElement

const withBusiness = (businessJson: Business) =>
  (useStaticQuery as jest.Mock).mockReturnValue({ ...staticQueryData, businessJson })

beforeEach(() => withBusiness(bare))

describe("trust facts", () => {
  it("writes the hours as a visitor reads them", () => {
    expect(clockTime("07:00")).toBe("7 am")
    expect(clockTime("18:30")).toBe("6:30 pm")
    expect(clockTime("12:00")).toBe("12 pm")
    const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
    const hours = [
      { days: weekdays, opens: "07:00", closes: "18:00" },
      { days: ["Saturday"], opens: "08:00", closes: "16:00" },
    ]
    expect(hoursLine(hours)).toBe("Mon–Fri 7 am–6 pm, Sat 8 am–4 pm")
  })

  it("says what happens next with the promised number of hours", () => {
    expect(nextStepLine({ quoteWithinHours: 48 })).toMatch(/written quote within 48 hours of the visit\.$/)
  })

  it("has the warranty, the quote and the hours, and nothing more when the optional facts are absent", () => {
    expect(trustFacts(bare).map(fact => fact.text)).toEqual([
      `${business.warrantyYears}-year workmanship warranty`,
      `Written quote within ${business.quoteWithinHours} hours of the visit`,
      hoursLine(business.hours),
    ])
  })

  it("adds the licence, insurance, years in business and rating once they are set", () => {
    const facts = trustFacts(complete, 2026)
    expect(facts.map(fact => fact.key)).toEqual([
      "warranty",
      "quote",
      "hours",
      "license",
      "insurance",
      "years",
      "rating",
    ])
    expect(facts.slice(3).map(fact => fact.text)).toEqual([
      "Utah contractor licence 12345678-5501",
      "Insured for general liability and workers' compensation",
      "17 years in business",
      "Rated 4.8 out of 5 from 112 reviews",
    ])
    expect(facts[3].href).toBe(LICENCE_LOOKUP_URL)
    expect(facts[6].href).toBe("https://reviews.example.com/wasatch-concrete")
  })

  it("counts a business in its first year by its year, and one review in the singular", () => {
    const young = trustFacts({ ...bare, inBusinessSince: 2026, rating: { value: 5, count: 1 } }, 2026)
    expect(young.map(fact => fact.text).slice(3)).toEqual([
      "In business since 2026",
      "Rated 5.0 out of 5 from 1 review",
    ])
    expect(young[4].href).toBeUndefined()
  })
})

describe("TrustStrip", () => {
  it("lists the three standing facts from data/business.json when nothing optional is set", () => {
    render(<TrustStrip />)
    const list = trustList()
    const items = within(list).getAllByRole("listitem")
    expect(items.map(item => item.textContent)).toEqual(trustFacts(bare).map(fact => fact.text))
    expect(list).not.toHaveTextContent(/licen[cs]ed|insured|years in business|rated/i)
  })

  it("shows the optional facts when set, the rating linked to its reviews", () => {
    withBusiness(complete)
    render(<TrustStrip variant="list" />)
    const list = trustList()
    expect(within(list).getAllByRole("listitem")).toHaveLength(7)
    expect(list).toHaveTextContent("Utah contractor licence 12345678-5501")
    expect(within(list).getByRole("link", { name: "Utah contractor licence 12345678-5501" })).toHaveAttribute(
      "href",
      LICENCE_LOOKUP_URL,
    )
    expect(list).toHaveTextContent("Insured for general liability")
    expect(list).toHaveTextContent(/\d+ years in business/)
    expect(within(list).getByRole("link", { name: "Rated 4.8 out of 5 from 112 reviews" })).toHaveAttribute(
      "href",
      "https://reviews.example.com/wasatch-concrete",
    )
  })
})

describe("NextSteps", () => {
  it("tells what happens after sending, in three steps, with the promises and a number to call", () => {
    render(<NextSteps />)
    expect(screen.getByRole("heading", { level: 3, name: "What happens after you send it" })).toBeInTheDocument()
    const steps = screen.getByRole("list", { name: "What happens after you send it" })
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map(step => step.querySelector("strong")?.textContent),
    ).toEqual([
      "We call you back",
      "We visit and measure, free",
      `Your written quote within ${business.quoteWithinHours} hours`,
    ])
    expect(trustList()).toBeInTheDocument()
    expect(screen.getByRole("link", { name: `Call ${business.phone}` })).toHaveAttribute("href", fixturePhone.tel)
  })
})

describe("AskPanel", () => {
  it("offers the phone for a question the FAQ leaves open", () => {
    render(<AskPanel />)
    const panel = screen.getByRole("complementary", { name: "Still have a question?" })
    expect(within(panel).getByRole("link", { name: `Call ${business.phone}` })).toHaveAttribute(
      "href",
      fixturePhone.tel,
    )
  })
})

describe("ServiceList", () => {
  it("makes a card per service, with its line, linking to the service's page when it has one", () => {
    render(
      <ServiceList
        services={[
          {
            slug: "driveways",
            title: "Concrete Driveways",
            line: "New driveways · Extensions",
            to: paths.service("driveways"),
          },
          { slug: "repair", title: "Concrete Repair", line: "Crack and slab repair", to: null },
        ]}
      />,
    )
    const cards = screen.getAllByRole("listitem")
    expect(cards).toHaveLength(2)
    expect(within(cards[0]).getByRole("link", { name: "Concrete Driveways" })).toHaveAttribute(
      "href",
      paths.service("driveways"),
    )
    expect(cards[0]).toHaveTextContent("New driveways · Extensions")
    expect(within(cards[1]).queryByRole("link")).toBeNull()
    expect(within(cards[1]).getByRole("heading", { level: 3 })).toHaveTextContent("Concrete Repair")
  })
})

describe("the header's call control", () => {
  it("is a tap-to-call link named Call and the number, beside the menu button", () => {
    render(<Header onHome={false} />)
    const banner = screen.getByRole("banner")
    const call = within(banner).getByRole("link", { name: `Call ${business.phone}` })
    expect(call).toHaveAttribute("href", fixturePhone.tel)
    expect(call.parentElement).toContainElement(within(banner).getByRole("button", { name: "Menu" }))
  })
})

describe("ActionBar", () => {
  type Callback = (entries: { isIntersecting: boolean; target?: Element; intersectionRatio?: number }[]) => void
  let observed: { target: Element; callback: Callback }[] = []

  beforeEach(() => {
    observed = []
    window.IntersectionObserver = jest.fn((callback: Callback) => ({
      observe: (target: Element) => observed.push({ target, callback }),
      disconnect: jest.fn(),
    })) as unknown as typeof IntersectionObserver
  })

  const bar = () => screen.getByRole("navigation", { name: "Call or ask for an estimate" })

  it("offers Call and Free Estimate, to /estimate/ on a page without the form", () => {
    render(<ActionBar onHome={false} />)
    expect(within(bar()).getByRole("link", { name: `Call ${business.phone}` })).toHaveAttribute(
      "href",
      fixturePhone.tel,
    )
    expect(within(bar()).getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", paths.estimate)
    expect(bar()).toHaveAttribute("data-hidden", "false")
    expect(observed).toEqual([])
  })

  it("points at the page's own form, and hides while the form itself is within a thumb's reach", () => {
    render(
      <>
        <section id="estimate">
          <form aria-label="Estimate">
            <input aria-label="Name" />
            <input aria-label="Trap" tabIndex={-1} />
            <button>Send</button>
          </form>
        </section>
        <ActionBar onHome={false} />
      </>,
    )
    expect(within(bar()).getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "#estimate")
    // The form's own controls, not its section: beside it, the visit's steps and the reviews leave it above the screen.
    expect(observed.map(({ target }) => target.tagName)).toEqual(["INPUT", "BUTTON"])
    expect(window.IntersectionObserver).toHaveBeenCalledWith(expect.any(Function), {
      rootMargin: `-${sizes.beyondThumb} 0px 0px 0px`,
      threshold: 1,
    })
    const [name, send] = observed.map(({ target }) => target)
    act(() => observed[0].callback([{ target: name, isIntersecting: true, intersectionRatio: 1 }]))
    expect(bar()).toHaveAttribute("data-hidden", "true")
    act(() => observed[0].callback([{ target: send, isIntersecting: true, intersectionRatio: 0.5 }]))
    expect(bar()).toHaveAttribute("data-hidden", "true")
    act(() => observed[0].callback([{ target: name, isIntersecting: false, intersectionRatio: 0 }]))
    expect(bar()).toHaveAttribute("data-hidden", "false")
  })
})
