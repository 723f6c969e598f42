import { fireEvent, render, screen, within } from "@testing-library/react"
import { Header } from "../../src/components/header"
import { paths } from "../../src/lib/paths"
import { fixturePhone, servicePages } from "../fixtures/site-data"
import { withSiteData } from "../support/components"

withSiteData()

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
    expect(within(panel).getByRole("link", { name: "All Locations" })).toHaveAttribute("href", paths.locations)
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/#services",
        ...servicePages.map(page => paths.service(page.slug)),
        paths.city("salt-lake-city"),
        paths.city("tooele"),
        "/#faq",
        paths.estimate,
        fixturePhone.tel,
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
