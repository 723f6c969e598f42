import { useStaticQuery } from "gatsby"
import { render, screen, within } from "@testing-library/react"
import { Footer } from "../../src/components/footer"
import { paths } from "../../src/lib/paths"
import { hoursLines, LICENCE_LOOKUP_URL } from "../../src/lib/trust"
import { business, counties, fixturePhone, staticQueryData } from "../fixtures/site-data"
import { withSiteData } from "../support/components"

withSiteData()

const mockedStaticQuery = useStaticQuery as jest.Mock

describe("Footer", () => {
  it("links to the home-page sections on the home page", () => {
    render(<Footer onHome />)
    const quick = screen.getByRole("navigation", { name: "Quick links" })
    expect(within(quick).getByRole("link", { name: "Services" })).toHaveAttribute("href", "#services")
    expect(within(quick).getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "#estimate")
    expect(within(quick).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "#faq")
    expect(within(quick).getByRole("link", { name: "Service Locations" })).toHaveAttribute("href", paths.locations)
  })

  it("links to the home page's sections from other pages", () => {
    render(<Footer onHome={false} />)
    const quick = screen.getByRole("navigation", { name: "Quick links" })
    expect(within(quick).getByRole("link", { name: "Services" })).toHaveAttribute("href", "/#services")
    expect(within(quick).getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", paths.estimate)
    expect(within(quick).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/#faq")
  })

  it("gives the phone as a tel: link, the e-mail as a mailto: link and the hours", () => {
    render(<Footer onHome={false} />)
    const footer = screen.getByRole("contentinfo")
    expect(within(footer).getByRole("link", { name: business.phone })).toHaveAttribute("href", fixturePhone.tel)
    expect(within(footer).getByRole("link", { name: business.email })).toHaveAttribute(
      "href",
      `mailto:${business.email}`,
    )
    // The hours as the trust strip words them: one formatter for both.
    for (const line of hoursLines(business.hours)) expect(footer).toHaveTextContent(line)
  })

  it("links the privacy policy and the accessibility statement", () => {
    render(<Footer onHome={false} />)
    const footer = screen.getByRole("contentinfo")
    expect(within(footer).getByRole("link", { name: "Privacy" })).toHaveAttribute("href", paths.privacy)
    expect(within(footer).getByRole("link", { name: "Accessibility" })).toHaveAttribute("href", paths.accessibility)
  })

  it("shows no licence until one is set, then the number with a link to the state's lookup", () => {
    const { unmount } = render(<Footer onHome={false} />)
    expect(screen.getByRole("contentinfo")).not.toHaveTextContent(/licen[cs]e/i)
    unmount()
    mockedStaticQuery.mockReturnValue({
      ...staticQueryData,
      businessJson: { ...staticQueryData.businessJson, licenseNumber: "12345678-5501" },
    })
    render(<Footer onHome={false} />)
    expect(screen.getByRole("link", { name: "Utah contractor licence 12345678-5501" })).toHaveAttribute(
      "href",
      LICENCE_LOOKUP_URL,
    )
  })

  it("names the counties the content holds", () => {
    render(<Footer onHome={false} />)
    const names = counties.map(county => county.name.replace(/ County$/, ""))
    expect(screen.getByText(/©/)).toHaveTextContent(
      `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} counties`,
    )
  })

  it("shows the copyright with the current year, and one full stop after a name that ends with one", () => {
    jest.useFakeTimers({ now: new Date("2031-06-15T12:00:00Z") })
    render(<Footer onHome={false} />)
    const legal = screen.getByText(/©/)
    expect(legal).toHaveTextContent(`© 2031 ${business.name}`)
    expect(business.name.endsWith(".")).toBe(true)
    expect(legal).toHaveTextContent(`${business.name} Serving`)
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
