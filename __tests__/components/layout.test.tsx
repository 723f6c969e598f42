import { render, screen, within } from "@testing-library/react"
import { Helmet } from "react-helmet"
import { Layout, type LayoutProps } from "../../src/components/layout"
import { paths } from "../../src/lib/paths"
import { canonicalUrl } from "../../src/lib/urls"
import { business } from "../fixtures/site-data"
import { withSiteData } from "../support/components"

withSiteData()

/** The layout at `pathname` around a page that is one heading. */
const renderPage = (pathname: string, heading: string, props: Pick<LayoutProps, "breadcrumb"> = {}) =>
  render(
    <Layout pathname={pathname} {...props}>
      <h1>{heading}</h1>
    </Layout>,
  )

describe("Layout", () => {
  it("shows no breadcrumb on the home page", () => {
    renderPage("/", "Home")
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument()
    expect(screen.getByRole("main")).toHaveAttribute("id", "main")
  })

  it("shows the breadcrumb elsewhere, with its BreadcrumbList JSON-LD", () => {
    renderPage("/stamps-and-stains/", "Stamps")
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" })
    expect(within(nav).getByText("Stamps & Stains")).toHaveAttribute("aria-current", "page")
    const scripts = Helmet.peek().scriptTags as unknown as { type: string; innerHTML: string }[]
    const lists = scripts.map(script => JSON.parse(script.innerHTML)).filter(ld => ld["@type"] === "BreadcrumbList")
    expect(lists).toHaveLength(1)
    expect(lists[0].itemListElement[1]).toMatchObject({
      position: 2,
      name: "Stamps & Stains",
      item: canonicalUrl(business.siteUrl, paths.service("stamps-and-stains")),
    })
  })

  it("hides the breadcrumb when breadcrumb={false}", () => {
    renderPage("/somewhere-else", "Not found", { breadcrumb: false })
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument()
  })

  it("starts with a skip link to #main and wraps the page in header, main and footer", () => {
    renderPage("/driveways", "Driveways")
    const skip = screen.getByRole("link", { name: "Skip to main content" })
    expect(skip).toHaveAttribute("href", "#main")
    expect(document.body.querySelector("a")).toBe(skip)
    expect(screen.getByRole("banner")).toBeInTheDocument()
    expect(within(screen.getByRole("main")).getByRole("heading", { level: 1, name: "Driveways" })).toBeInTheDocument()
    expect(screen.getByRole("contentinfo")).toBeInTheDocument()
  })
})
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
