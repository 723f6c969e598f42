import { useStaticQuery } from "gatsby"
import { render, screen, within } from "@testing-library/react"
import { Footer } from "../../src/components/footer"
import { business, fixturePhone, staticQueryData } from "../fixtures/site-data"
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
    expect(within(footer).getByRole("link", { name: business.phone })).toHaveAttribute("href", fixturePhone.tel)
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
