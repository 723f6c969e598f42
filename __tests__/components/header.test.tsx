import { act, fireEvent, render, screen, within } from "@testing-library/react"
import { Header } from "../../src/components/header"
import { OPEN_DELAY_MS, SKIP_DELAY_MS } from "../../src/hooks/use-menu-intent"
import { useStaticQuery } from "gatsby"
import { paths } from "../../src/lib/paths"
import { business, counties, fixturePhone, servicePages, staticQueryData } from "../fixtures/site-data"
import { withSiteData, desktop, mainNav } from "../support/components"

withSiteData()

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

  it("points FAQ to /#faq and Free Estimate to /estimate/ elsewhere", () => {
    render(<Header onHome={false} />)
    const nav = mainNav()
    expect(within(nav).getByRole("link", { name: "FAQ", ...desktop })).toHaveAttribute("href", "/#faq")
    expect(within(nav).getByRole("link", { name: "Free Estimate", ...desktop })).toHaveAttribute("href", paths.estimate)
  })

  it("has a tap-to-call link with the business's phone", () => {
    render(<Header onHome={false} />)
    const nav = mainNav()
    const call = within(nav).getByRole("link", { name: business.phone, ...desktop })
    expect(call).toHaveAttribute("href", fixturePhone.tel)
  })

  it("lists every service page and every county's main city in the dropdowns", () => {
    render(<Header onHome={false} />)
    const services = document.getElementById("services-menu") as HTMLElement
    const locations = document.getElementById("locations-menu") as HTMLElement
    const hrefs = (panel: HTMLElement) => Array.from(panel.querySelectorAll("a")).map(a => a.getAttribute("href"))
    expect(hrefs(services)).toEqual(["/#services", ...servicePages.map(page => paths.service(page.slug))])
    expect(hrefs(locations)).toEqual([paths.locations, ...counties.map(county => paths.city(county.hubCity))])
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

describe("Header › the locations menu", () => {
  it("counts the cities and counties the content holds, so a new city needs no code change", async () => {
    ;(useStaticQuery as jest.Mock).mockReturnValue({ ...staticQueryData, allCitiesJson: { totalCount: 38 } })
    render(<Header onHome={false} />)
    expect(mainNav()).toHaveTextContent(/38 cities across \w+ Wasatch Front counties/)
  })
})
