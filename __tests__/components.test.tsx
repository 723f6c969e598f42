import { act, fireEvent, render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { Helmet } from "react-helmet"
import { Breadcrumb } from "../src/components/breadcrumb"
import { ErrorBoundary, describeError } from "../src/components/error-boundary"
import { FaqAccordion, STAGGER_SECONDS } from "../src/components/faq-accordion"
import { Footer } from "../src/components/footer"
import { Header, OPEN_DELAY_MS, SKIP_DELAY_MS } from "../src/components/header"
import { Layout } from "../src/components/layout"
import { PhoneLink } from "../src/components/phone-link"
import { Seo } from "../src/components/seo"
import { crumbsFor } from "../src/lib/breadcrumbs"
import { faqPageLd, localBusinessLd } from "../src/lib/json-ld"
import NotFoundPage from "../src/pages/404"
import { business, counties, faq, pageProps, servicePages, staticQueryData } from "./fixtures/site-data"

const mockedStaticQuery = useStaticQuery as jest.Mock

beforeEach(() => {
  mockedStaticQuery.mockReturnValue(staticQueryData)
})

afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

// The desktop navigation is display:none below the lg breakpoint, and jsdom does not evaluate media
// queries, so its controls are looked up including elements hidden from the accessibility tree.
const desktop = { hidden: true }

// jsdom has no PointerEvent, so fireEvent would drop pointerType; a MouseEvent that carries it will do.
if (typeof window.PointerEvent === "undefined") {
  class TestPointerEvent extends MouseEvent {
    pointerType: string
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init)
      this.pointerType = init.pointerType ?? ""
    }
  }
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent
}

/** The header's desktop navigation (display:none in jsdom, so it has no accessible name there). */
const mainNav = () => {
  const nav = screen.getByRole("banner").querySelector<HTMLElement>('nav[aria-label="Main"]')
  if (!nav) throw new Error("The header has no navigation labelled Main")
  return nav
}

describe("Breadcrumb", () => {
  it("is a nav labelled Breadcrumb with links up to the current page", () => {
    render(<Breadcrumb crumbs={crumbsFor("/locations/west-valley-city")} />)
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" })
    const items = within(nav).getAllByRole("listitem")
    expect(items.map(item => item.textContent)).toEqual(["Home", "Service Areas", "West Valley City"])
    expect(within(nav).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/")
    expect(within(nav).getByRole("link", { name: "Service Areas" })).toHaveAttribute("href", "/locations")
  })

  it("renders the last crumb as text with aria-current", () => {
    render(<Breadcrumb crumbs={crumbsFor("/patios-rv-pads")} />)
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" })
    expect(within(nav).queryByRole("link", { name: "Patios & RV Pads" })).not.toBeInTheDocument()
    const current = within(nav).getByText("Patios & RV Pads")
    expect(current).toHaveAttribute("aria-current", "page")
    expect(within(nav).getAllByRole("link")).toHaveLength(1)
  })
})

describe("Layout", () => {
  it("shows no breadcrumb on the home page", () => {
    render(
      <Layout pathname="/">
        <h1>Home</h1>
      </Layout>,
    )
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument()
    expect(screen.getByRole("main")).toHaveAttribute("id", "main")
  })

  it("shows the breadcrumb elsewhere, with its BreadcrumbList JSON-LD", () => {
    render(
      <Layout pathname="/stamps-and-stains/">
        <h1>Stamps</h1>
      </Layout>,
    )
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" })
    expect(within(nav).getByText("Stamps & Stains")).toHaveAttribute("aria-current", "page")
    const scripts = Helmet.peek().scriptTags as unknown as { type: string; innerHTML: string }[]
    const lists = scripts.map(script => JSON.parse(script.innerHTML)).filter(ld => ld["@type"] === "BreadcrumbList")
    expect(lists).toHaveLength(1)
    expect(lists[0].itemListElement[1]).toMatchObject({
      position: 2,
      name: "Stamps & Stains",
      item: "https://www.example.com/stamps-and-stains",
    })
  })

  it("hides the breadcrumb when breadcrumb={false}", () => {
    render(
      <Layout pathname="/somewhere-else" breadcrumb={false}>
        <h1>Not found</h1>
      </Layout>,
    )
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument()
  })

  it("starts with a skip link to #main and wraps the page in header, main and footer", () => {
    render(
      <Layout pathname="/driveways">
        <h1>Driveways</h1>
      </Layout>,
    )
    const skip = screen.getByRole("link", { name: "Skip to main content" })
    expect(skip).toHaveAttribute("href", "#main")
    expect(document.body.querySelector("a")).toBe(skip)
    expect(screen.getByRole("banner")).toBeInTheDocument()
    expect(within(screen.getByRole("main")).getByRole("heading", { level: 1, name: "Driveways" })).toBeInTheDocument()
    expect(screen.getByRole("contentinfo")).toBeInTheDocument()
  })
})

describe("Header", () => {
  it("links the logo home", () => {
    render(<Header onHome={false} />)
    const banner = screen.getByRole("banner")
    expect(within(banner).getByRole("link", { name: business.name })).toHaveAttribute("href", "/")
  })

  it("points FAQ and Free Estimate at the sections on the home page", () => {
    render(<Header onHome />)
    const nav = mainNav()
    expect(within(nav).getByRole("link", { name: "FAQ", ...desktop })).toHaveAttribute("href", "#faq")
    expect(within(nav).getByRole("link", { name: "Free Estimate", ...desktop })).toHaveAttribute("href", "#estimate")
  })

  it("points FAQ to /#faq and Free Estimate to /estimate elsewhere", () => {
    render(<Header onHome={false} />)
    const nav = mainNav()
    expect(within(nav).getByRole("link", { name: "FAQ", ...desktop })).toHaveAttribute("href", "/#faq")
    expect(within(nav).getByRole("link", { name: "Free Estimate", ...desktop })).toHaveAttribute("href", "/estimate")
  })

  it("has a tap-to-call link with the business's phone", () => {
    render(<Header onHome={false} />)
    const nav = mainNav()
    const call = within(nav).getByRole("link", { name: /\(801\) 555-0142/, ...desktop })
    expect(call).toHaveAttribute("href", "tel:+18015550142")
  })

  it("lists the five services and the five counties' hub cities in the dropdowns", () => {
    render(<Header onHome={false} />)
    const services = document.getElementById("services-menu") as HTMLElement
    const locations = document.getElementById("locations-menu") as HTMLElement
    const hrefs = (panel: HTMLElement) => Array.from(panel.querySelectorAll("a")).map(a => a.getAttribute("href"))
    expect(hrefs(services)).toEqual(["/#services", ...servicePages.map(page => `/${page.slug}`)])
    expect(hrefs(locations)).toEqual([
      "/locations",
      "/locations/salt-lake-city",
      "/locations/provo",
      "/locations/layton",
      "/locations/ogden",
      "/locations/tooele",
    ])
    for (const county of counties) expect(locations).toHaveTextContent(county.name)
  })
})

describe("NavDropdown in the header", () => {
  const setup = () => {
    jest.useFakeTimers()
    render(<Header onHome={false} />)
    const servicesButton = screen.getByRole("button", { name: "Services", ...desktop })
    const locationsButton = screen.getByRole("button", { name: "Locations", ...desktop })
    const servicesPanel = document.getElementById("services-menu") as HTMLElement
    const locationsPanel = document.getElementById("locations-menu") as HTMLElement
    const hover = (button: HTMLElement, pointerType = "mouse") =>
      fireEvent.pointerEnter(button.parentElement as HTMLElement, { pointerType })
    const leave = (button: HTMLElement) =>
      fireEvent.pointerLeave(button.parentElement as HTMLElement, { pointerType: "mouse" })
    const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms))
    return { servicesButton, locationsButton, servicesPanel, locationsPanel, hover, leave, wait }
  }

  it("wires each button to its panel with aria-expanded and aria-controls", () => {
    const { servicesButton, locationsButton, servicesPanel, locationsPanel } = setup()
    expect(servicesButton).toHaveAttribute("aria-controls", "services-menu")
    expect(locationsButton).toHaveAttribute("aria-controls", "locations-menu")
    expect(servicesPanel).toBeInTheDocument()
    expect(locationsPanel).toBeInTheDocument()
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
    expect(servicesPanel).toHaveAttribute("hidden")
  })

  it("opens on hover only after 200 ms", () => {
    const { servicesButton, servicesPanel, hover, wait } = setup()
    expect(OPEN_DELAY_MS).toBe(200)
    hover(servicesButton)
    wait(199)
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
    expect(servicesPanel).toHaveAttribute("hidden")
    wait(1)
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
    expect(servicesPanel).not.toHaveAttribute("hidden")
  })

  it("does not open when the pointer leaves before the delay", () => {
    const { servicesButton, hover, leave, wait } = setup()
    hover(servicesButton)
    wait(120)
    leave(servicesButton)
    wait(500)
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
  })

  it("ignores touch pointers entering", () => {
    const { servicesButton, hover, wait } = setup()
    hover(servicesButton, "touch")
    wait(1000)
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
  })

  it("closes a hover-opened menu after the pointer leaves", () => {
    const { servicesButton, hover, leave, wait } = setup()
    hover(servicesButton)
    wait(OPEN_DELAY_MS)
    leave(servicesButton)
    wait(1000)
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
  })

  it("moving to Locations while Services is open opens Locations at once and closes Services", () => {
    const { servicesButton, locationsButton, servicesPanel, locationsPanel, hover, leave, wait } = setup()
    hover(servicesButton)
    wait(OPEN_DELAY_MS)
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
    leave(servicesButton)
    hover(locationsButton)
    expect(locationsButton).toHaveAttribute("aria-expanded", "true")
    expect(locationsPanel).not.toHaveAttribute("hidden")
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
    expect(servicesPanel).toHaveAttribute("hidden")
  })

  it("skips the delay just after another menu closed, but not later", () => {
    const { servicesButton, locationsButton, hover, wait } = setup()
    fireEvent.click(servicesButton)
    fireEvent.keyDown(servicesButton, { key: "Escape" })
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
    wait(SKIP_DELAY_MS - 100)
    hover(locationsButton)
    expect(locationsButton).toHaveAttribute("aria-expanded", "true")

    fireEvent.keyDown(locationsButton, { key: "Escape" })
    wait(SKIP_DELAY_MS + 100)
    hover(servicesButton)
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
    wait(OPEN_DELAY_MS)
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
  })

  it("toggles on click", () => {
    const { servicesButton, locationsButton, servicesPanel } = setup()
    fireEvent.click(servicesButton)
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
    expect(servicesPanel).not.toHaveAttribute("hidden")
    expect(locationsButton).toHaveAttribute("aria-expanded", "false")
    fireEvent.click(servicesButton)
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
    expect(servicesPanel).toHaveAttribute("hidden")
  })

  it("keeps a hover-opened menu open on click", () => {
    const { servicesButton, hover, wait } = setup()
    hover(servicesButton)
    wait(OPEN_DELAY_MS)
    fireEvent.click(servicesButton)
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
  })

  it("closes on Escape and returns focus to its button", () => {
    const { servicesButton, servicesPanel } = setup()
    fireEvent.click(servicesButton)
    const firstLink = within(servicesPanel).getAllByRole("link", desktop)[1]
    act(() => firstLink.focus())
    expect(firstLink).toHaveFocus()
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
    fireEvent.keyDown(firstLink, { key: "Escape" })
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
    expect(servicesButton).toHaveFocus()
  })

  it("opens with ArrowDown and moves focus into the panel", () => {
    const { servicesButton, servicesPanel } = setup()
    act(() => servicesButton.focus())
    fireEvent.keyDown(servicesButton, { key: "ArrowDown" })
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
    act(() => jest.runOnlyPendingTimers())
    expect(servicesPanel.querySelector("a")).toHaveFocus()
  })

  it("closes on a pointerdown outside, not inside", () => {
    const { servicesButton, servicesPanel } = setup()
    fireEvent.click(servicesButton)
    fireEvent.pointerDown(servicesPanel.querySelector("a") as HTMLElement)
    expect(servicesButton).toHaveAttribute("aria-expanded", "true")
    fireEvent.pointerDown(document.body)
    expect(servicesButton).toHaveAttribute("aria-expanded", "false")
  })

  it("closes when a link in the panel is chosen", () => {
    const { locationsButton, locationsPanel } = setup()
    fireEvent.click(locationsButton)
    fireEvent.click(within(locationsPanel).getByRole("link", { name: /Utah County/, ...desktop }))
    expect(locationsButton).toHaveAttribute("aria-expanded", "false")
  })
})

describe("MobileMenu", () => {
  const setup = (onHome = false) => {
    render(<Header onHome={onHome} />)
    const button = screen.getByRole("button", { name: /menu/i })
    const panel = document.getElementById(button.getAttribute("aria-controls") as string) as HTMLElement
    return { button, panel }
  }

  it("has a button whose name contains 'menu' that toggles the panel", () => {
    const { button, panel } = setup()
    expect(button).toHaveAccessibleName(expect.stringMatching(/menu/i))
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(panel).not.toBeVisible()
    fireEvent.click(button)
    expect(button).toHaveAttribute("aria-expanded", "true")
    expect(button).toHaveAccessibleName(expect.stringMatching(/menu/i))
    expect(panel).toBeVisible()
    fireEvent.click(button)
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(panel).not.toBeVisible()
  })

  it("holds the same links plus All Locations", () => {
    const { button, panel } = setup()
    fireEvent.click(button)
    const hrefs = within(panel)
      .getAllByRole("link")
      .map(link => link.getAttribute("href"))
    expect(within(panel).getByRole("link", { name: "All Locations" })).toHaveAttribute("href", "/locations")
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/#services",
        ...servicePages.map(page => `/${page.slug}`),
        "/locations/salt-lake-city",
        "/locations/tooele",
        "/#faq",
        "/estimate",
        "tel:+18015550142",
      ]),
    )
  })

  it("uses in-page anchors on the home page", () => {
    const { button, panel } = setup(true)
    fireEvent.click(button)
    expect(within(panel).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "#faq")
    expect(within(panel).getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "#estimate")
  })

  it("closes when a link is chosen", () => {
    const { button, panel } = setup()
    fireEvent.click(button)
    fireEvent.click(within(panel).getByRole("link", { name: "All Locations" }))
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(panel).not.toBeVisible()
  })

  it("closes on Escape and returns focus to the button", () => {
    const { button, panel } = setup()
    fireEvent.click(button)
    fireEvent.keyDown(document, { key: "Escape" })
    expect(panel).not.toBeVisible()
    expect(button).toHaveFocus()
  })
})

describe("FaqAccordion", () => {
  const setup = () => {
    render(<FaqAccordion items={faq} />)
    return screen.getAllByRole("button")
  }

  it("renders each question as a button controlling its answer", () => {
    const buttons = setup()
    expect(buttons).toHaveLength(6)
    buttons.forEach((button, index) => {
      expect(button).toHaveTextContent(faq[index].question)
      expect(button).toHaveAttribute("aria-expanded", "false")
      const panel = document.getElementById(button.getAttribute("aria-controls") as string) as HTMLElement
      expect(panel).toHaveTextContent(faq[index].answer)
      expect(panel).not.toBeVisible()
    })
    const ids = buttons.map(button => button.getAttribute("aria-controls"))
    expect(new Set(ids).size).toBe(6)
  })

  it("opens one item at a time", () => {
    const buttons = setup()
    fireEvent.click(buttons[0])
    expect(buttons[0]).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByRole("region", { name: faq[0].question })).toHaveTextContent(faq[0].answer)
    fireEvent.click(buttons[2])
    expect(buttons[2]).toHaveAttribute("aria-expanded", "true")
    expect(buttons[0]).toHaveAttribute("aria-expanded", "false")
    expect(screen.getAllByRole("region")).toHaveLength(1)
  })

  it("closes the open item when it is clicked again", () => {
    const buttons = setup()
    fireEvent.click(buttons[3])
    fireEvent.click(buttons[3])
    expect(buttons[3]).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryAllByRole("region")).toHaveLength(0)
  })

  it("delays each item's entrance 0.1 s more than the one before", () => {
    const buttons = setup()
    expect(STAGGER_SECONDS).toBe(0.1)
    buttons.forEach((button, index) => {
      const item = button.closest("li") as HTMLElement
      const delay = getComputedStyle(item).animationDelay
      expect(delay).toMatch(/^[\d.]+s$/)
      expect(parseFloat(delay)).toBeCloseTo(index * 0.1, 5)
    })
  })
})

describe("Footer", () => {
  it("links to the home-page sections on the home page", () => {
    render(<Footer onHome />)
    const quick = screen.getByRole("navigation", { name: "Quick links" })
    expect(within(quick).getByRole("link", { name: "Services" })).toHaveAttribute("href", "#services")
    expect(within(quick).getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "#estimate")
    expect(within(quick).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "#faq")
    expect(within(quick).getByRole("link", { name: "Service Locations" })).toHaveAttribute("href", "/locations")
  })

  it("links to the home page's sections from other pages", () => {
    render(<Footer onHome={false} />)
    const quick = screen.getByRole("navigation", { name: "Quick links" })
    expect(within(quick).getByRole("link", { name: "Services" })).toHaveAttribute("href", "/#services")
    expect(within(quick).getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "/estimate")
    expect(within(quick).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/#faq")
  })

  it("gives the phone as a tel: link, the e-mail as a mailto: link and the hours", () => {
    render(<Footer onHome={false} />)
    const footer = screen.getByRole("contentinfo")
    expect(within(footer).getByRole("link", { name: business.phone })).toHaveAttribute("href", "tel:+18015550142")
    expect(within(footer).getByRole("link", { name: business.email })).toHaveAttribute(
      "href",
      `mailto:${business.email}`,
    )
    expect(footer).toHaveTextContent("Monday–Friday: 07:00–18:00")
    expect(footer).toHaveTextContent("Saturday: 08:00–16:00")
  })

  it("shows the copyright with the current year, and one full stop after a name that ends with one", () => {
    jest.useFakeTimers({ now: new Date("2031-06-15T12:00:00Z") })
    render(<Footer onHome={false} />)
    const legal = screen.getByText(/©/)
    expect(legal).toHaveTextContent(`© 2031 ${business.name}`)
    expect(business.name.endsWith(".")).toBe(true)
    expect(legal).toHaveTextContent(/Co\. Serving/)
    expect(legal.textContent).not.toContain("..")
  })

  it("shows no rating while the business has none", () => {
    render(<Footer onHome={false} />)
    expect(screen.getByRole("contentinfo")).not.toHaveTextContent(/rated|reviews?\b/i)
  })

  it("shows a rating the business has set, with a link to read the reviews", () => {
    const rating = { value: 4.8, count: 57, url: "https://reviews.test/wasatch" }
    mockedStaticQuery.mockReturnValue({ ...staticQueryData, businessJson: { ...business, rating } })
    render(<Footer onHome={false} />)
    const footer = screen.getByRole("contentinfo")
    expect(footer).toHaveTextContent("Rated 4.8 out of 5 from 57 reviews")
    expect(within(footer).getByRole("link", { name: "read the reviews" })).toHaveAttribute("href", rating.url)
  })
})

describe("PhoneLink", () => {
  it("dials the number, keeps it on one line and keeps the caller's class and handlers", () => {
    const onClick = jest.fn()
    render(
      <PhoneLink phone="(801) 555-0142" className="extra" onClick={onClick}>
        Call (801) 555-0142
      </PhoneLink>,
    )
    const link = screen.getByRole("link", { name: "Call (801) 555-0142" })
    expect(link).toHaveAttribute("href", "tel:+18015550142")
    expect(link).toHaveClass("phone", "extra")
    expect(getComputedStyle(link).whiteSpace).toBe("nowrap")
    fireEvent.click(link)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it("shows the number itself when given no text", () => {
    render(<PhoneLink phone="(801) 555-0142" />)
    expect(screen.getByRole("link", { name: "(801) 555-0142" })).toHaveClass("phone")
  })
})

describe("Seo", () => {
  type Tag = Record<string, string>
  const renderSeo = (props: Partial<Parameters<typeof Seo>[0]> = {}) => {
    render(
      <Seo
        title="Concrete Driveways in Utah"
        description="Driveways built for Utah winters."
        keywords={["concrete driveway", "Utah"]}
        pathname="/driveways/"
        jsonLd={[localBusinessLd(business, ["Driveway installation"], counties), faqPageLd(faq)]}
        {...props}
      />,
    )
    const head = Helmet.peek()
    return {
      head,
      meta: (key: string) =>
        (head.metaTags as unknown as Tag[]).find(tag => tag.name === key || tag.property === key)?.content,
      links: head.linkTags as unknown as Tag[],
      scripts: head.scriptTags as unknown as Tag[],
    }
  }

  it("sets the title with the business name, the description and the keywords", () => {
    const { head, meta } = renderSeo()
    expect(head.title).toBe(`Concrete Driveways in Utah | ${business.name}`)
    expect(meta("description")).toBe("Driveways built for Utah winters.")
    expect(meta("keywords")).toBe("concrete driveway, Utah")
  })

  it("does not repeat the business name in a title that has it", () => {
    const { head } = renderSeo({ title: `Concrete Contractor in Utah | ${business.name}` })
    expect(head.title).toBe(`Concrete Contractor in Utah | ${business.name}`)
  })

  it("links the canonical address on the public site", () => {
    const { links } = renderSeo()
    expect(links.filter(link => link.rel === "canonical")).toEqual([
      expect.objectContaining({ href: "https://www.example.com/driveways" }),
    ])
  })

  it("sets the Open Graph tags and html lang", () => {
    const { head, meta } = renderSeo()
    expect(meta("og:title")).toBe(`Concrete Driveways in Utah | ${business.name}`)
    expect(meta("og:description")).toBe("Driveways built for Utah winters.")
    expect(meta("og:url")).toBe("https://www.example.com/driveways")
    expect(meta("og:type")).toBe("website")
    expect(meta("og:site_name")).toBe(business.name)
    expect(meta("og:image")).toMatch(/^https:\/\/www\.example\.com\//)
    expect(head.htmlAttributes).toMatchObject({ lang: "en" })
  })

  it("embeds each JSON-LD object as a parseable script", () => {
    const { scripts } = renderSeo()
    expect(scripts).toHaveLength(2)
    for (const script of scripts) expect(script.type).toBe("application/ld+json")
    const types = scripts.map(script => JSON.parse(script.innerHTML)["@type"])
    expect(types).toEqual([["LocalBusiness", "HomeAndConstructionBusiness"], "FAQPage"])
  })

  it("marks a noindex page and gives it no canonical link", () => {
    const { meta, links } = renderSeo({ noindex: true })
    expect(meta("robots")).toBe("noindex")
    expect(links.filter(link => link.rel === "canonical")).toHaveLength(0)
  })
})

describe("ErrorBoundary", () => {
  beforeEach(() => {
    // React reports caught render errors on the console; the boundary logs them too.
    jest.spyOn(console, "error").mockImplementation(() => undefined)
  })

  it("renders its children when nothing throws", () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText("All good")).toBeInTheDocument()
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  })

  it("shows 'Unexpected Application Error!' and the message when a child throws", () => {
    const Thrower = () => {
      throw new Error("Cannot read the city data")
    }
    render(
      <ErrorBoundary>
        <Thrower />
      </ErrorBoundary>,
    )
    const alert = screen.getByRole("alert")
    expect(within(alert).getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument()
    expect(alert).toHaveTextContent("Cannot read the city data")
    expect(within(alert).getByRole("link")).toHaveAttribute("href", "/")
    expect(console.error).toHaveBeenCalledWith(
      "Unexpected application error",
      expect.objectContaining({ message: "Cannot read the city data" }),
      expect.any(String),
    )
  })

  it("shows the status of an error that carries one", () => {
    const Thrower = () => {
      throw { status: 404, statusText: "Not Found", message: "ignored" }
    }
    render(
      <ErrorBoundary>
        <Thrower />
      </ErrorBoundary>,
    )
    expect(screen.getByRole("alert")).toHaveTextContent("404 Not Found")
    expect(screen.getByRole("alert")).not.toHaveTextContent("ignored")
  })

  it("describes errors by status, then message, then as text", () => {
    expect(describeError({ status: 404 })).toBe("404")
    expect(describeError({ status: 500, statusText: "Server Error" })).toBe("500 Server Error")
    expect(describeError(new Error("boom"))).toBe("boom")
    expect(describeError("plain")).toBe("plain")
  })
})

describe("404 page", () => {
  it("logs the attempted path and shows 404 with a link home", () => {
    const log = jest.spyOn(console, "error").mockImplementation(() => undefined)
    render(<NotFoundPage {...pageProps({}, "/no-such-page")} />)
    expect(log).toHaveBeenCalledWith(expect.stringContaining("404"), "/no-such-page")
    expect(screen.getByText("404")).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument()
    expect(within(screen.getByRole("main")).getByRole("link", { name: /home/i })).toHaveAttribute("href", "/")
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument()
  })

  it("is not indexed", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    render(<NotFoundPage {...pageProps({}, "/old-page")} />)
    const meta = Helmet.peek().metaTags as unknown as Record<string, string>[]
    expect(meta).toContainEqual(expect.objectContaining({ name: "robots", content: "noindex" }))
  })
})

// Last in the file: when a render throws, React retries it, and react-helmet keeps the instance from the
// abandoned attempt mounted, so Helmet.peek() in later tests would still see this page's breadcrumb.
describe("Layout with a failing page", () => {
  it("keeps the header and footer when the page content throws", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    const Broken = () => {
      throw new Error("template exploded")
    }
    render(
      <Layout pathname="/driveways">
        <Broken />
      </Layout>,
    )
    expect(within(screen.getByRole("main")).getByRole("alert")).toHaveTextContent("template exploded")
    expect(screen.getByRole("banner")).toBeInTheDocument()
    expect(screen.getByRole("contentinfo")).toBeInTheDocument()
  })
})
