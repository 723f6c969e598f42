import { act, render, screen, within } from "@testing-library/react"
import { hydrateRoot } from "react-dom/client"
import { Helmet } from "react-helmet"
// The Node build of the server renderer, as Gatsby's build uses: the browser build needs a TextEncoder jsdom lacks.
import { renderToString } from "react-dom/server.node"
import { ACTION_BAR_ID } from "../../src/components/action-bar"
import { EstimateSection } from "../../src/components/estimate-section"
import { countServerParts, whenEveryPartHydrated } from "../../src/components/hydrates-alone"
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

/**
 * The hydration boundaries around `element` in server-rendered HTML, innermost first: React writes each
 * <Suspense> as the comments "$" and "/$" around its content, so a boundary opens at the first "$" before the
 * element (at its level or an ancestor's) not closed by a "/$" in between.
 */
function boundariesAround(element: Element): Comment[] {
  const found: Comment[] = []
  for (let node: Node | null = element; node?.parentNode; node = node.parentNode) {
    let open = 0
    for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
      if (!(sibling instanceof Comment)) continue
      if (sibling.data === "/$") open += 1
      else if (sibling.data === "$" && open-- === 0) {
        // The nearest boundary open at this level; any other is an ancestor's.
        found.push(sibling)
        break
      }
    }
  }
  return found
}

describe("Layout's hydration boundaries", () => {
  it("puts the header, each part of the page's content, the form, the footer and the action bar each in its own", () => {
    const container = document.createElement("div")
    container.innerHTML = renderToString(
      <Layout pathname="/driveways/">
        <h1>Driveways</h1>
        <p>What we build</p>
        <EstimateSection />
      </Layout>,
    )
    const one = (selector: string) => {
      const found = container.querySelector(selector)
      if (!found) throw new Error(`no ${selector} in the layout`)
      return found
    }
    const form = one("#estimate form").parentElement!
    const parts = [
      one("header"),
      one("main h1"),
      one("main p"),
      one("#estimate"),
      one("footer"),
      one(`#${ACTION_BAR_ID}`),
    ]
    const outer = parts.map(part => boundariesAround(part))
    // One boundary each, directly in the page, and no two parts share one: a key on one hydrates that part alone.
    expect(outer.map(boundaries => boundaries.length)).toEqual(parts.map(() => 1))
    expect(new Set(outer.map(([boundary]) => boundary)).size).toBe(parts.length)
    // The form has one of its own inside its section's, apart from what stands beside it.
    const aside = one("#estimate h3").parentElement!
    const [formBoundary, sectionBoundary] = boundariesAround(form)
    expect(sectionBoundary).toBe(outer[3][0])
    expect(boundariesAround(aside)).toHaveLength(2)
    expect(boundariesAround(aside)[0]).not.toBe(formBoundary)
  })
})

describe("whenEveryPartHydrated", () => {
  afterEach(() => document.body.replaceChildren())

  it("waits for the last part React hydrates, then tells once", async () => {
    const page = (
      <Layout pathname="/driveways/">
        <h1>Driveways</h1>
        <EstimateSection />
      </Layout>
    )
    const container = document.createElement("div")
    container.innerHTML = renderToString(page)
    document.body.append(container)
    countServerParts(document.body)
    const told = jest.fn()
    whenEveryPartHydrated(told)
    expect(told).not.toHaveBeenCalled()
    await act(async () => {
      hydrateRoot(container, page)
    })
    expect(told).toHaveBeenCalledTimes(1)
  })

  it("tells at once where the browser renders the page itself", () => {
    countServerParts(document.body)
    const told = jest.fn()
    whenEveryPartHydrated(told)
    expect(told).toHaveBeenCalledTimes(1)
  })
})
