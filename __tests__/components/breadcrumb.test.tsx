import { render, screen, within } from "@testing-library/react"
import { Breadcrumb } from "../../src/components/breadcrumb"
import { crumbsFor } from "../../src/lib/breadcrumbs"
import { paths } from "../../src/lib/paths"
import { withSiteData } from "../support/components"

withSiteData()

describe("Breadcrumb", () => {
  it("is a nav labelled Breadcrumb with links up to the current page", () => {
    render(<Breadcrumb crumbs={crumbsFor("/locations/west-valley-city")} />)
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" })
    const items = within(nav).getAllByRole("listitem")
    expect(items.map(item => item.textContent)).toEqual(["Home", "Service Areas", "West Valley City"])
    expect(within(nav).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/")
    expect(within(nav).getByRole("link", { name: "Service Areas" })).toHaveAttribute("href", paths.locations)
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
