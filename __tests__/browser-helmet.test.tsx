/*
 * The browser's react-helmet (src/lib/browser-helmet.tsx) against the package the HTML renderer uses: on a page
 * the build wrote it leaves the head as it is, and after a client-side navigation the head is what the build
 * writes for the new page. Seo renders whichever the test chooses: the package on the "server", then the site's own.
 */
import { act, render } from "@testing-library/react"
import { TextEncoder } from "node:util"
import type { ComponentType } from "react"
import type { HelmetProps } from "../src/lib/browser-helmet"
import { Seo, type SeoProps } from "../src/components/seo"
import { faqPageLd, localBusinessLd } from "../src/lib/json-ld"
import { business, counties, faq } from "./fixtures/site-data"
import { withSiteData } from "./support/components"

// React's server renderer needs it, and jsdom's window has none.
Object.assign(globalThis, { TextEncoder })

const mockHelmets = { server: true }

jest.mock("react-helmet", () => {
  const { Helmet: PackageHelmet } = jest.requireActual("react-helmet")
  const { Helmet: BrowserHelmet } = jest.requireActual("../src/lib/browser-helmet")
  const Helmet = (props: HelmetProps) => {
    const Chosen: ComponentType<HelmetProps> = mockHelmets.server ? PackageHelmet : BrowserHelmet
    return <Chosen {...props} />
  }
  return { Helmet, PackageHelmet }
})

const { PackageHelmet } = jest.requireMock("react-helmet")

withSiteData()

const home: SeoProps = {
  title: ["Concrete Contractor in Utah"],
  description: "Concrete driveways, patios and walls. Free estimates.",
  keywords: ["concrete contractor Utah"],
  pathname: "/",
  jsonLd: [localBusinessLd(business, ["Driveway installation"], counties), faqPageLd(faq)],
}

const privacy: SeoProps = {
  title: ["Privacy"],
  description: "What the site keeps and why.",
  keywords: [],
  pathname: "/privacy/",
  noindex: true,
}

const managed = () => Array.from(document.head.querySelectorAll("[data-react-helmet]:not(title)"))

/** The <head> the build writes for a page: gatsby-plugin-react-helmet's tags, with Gatsby's metas moved first. */
async function builtHead(props: SeoProps) {
  const { renderToString } = await import("react-dom/server")
  mockHelmets.server = true
  PackageHelmet.canUseDOM = false
  renderToString(<Seo {...props} />)
  const head = PackageHelmet.renderStatic()
  PackageHelmet.canUseDOM = true
  return [head.meta, head.title, head.link, head.script].map(part => part.toString()).join("")
}

async function settle() {
  await act(async () => {
    await Promise.resolve()
  })
}

afterEach(() => {
  document.head.innerHTML = ""
})

test("a page the build wrote keeps the elements of its head", async () => {
  document.head.innerHTML = await builtHead(home)
  const before = managed()
  expect(before.length).toBeGreaterThan(10)

  mockHelmets.server = false
  render(<Seo {...home} />)
  await settle()

  expect(managed()).toHaveLength(before.length)
  managed().forEach((element, index) => expect(element).toBe(before[index]))
})

test("a client-side navigation gives the head the new page's title, tags and structured data", async () => {
  document.head.innerHTML = await builtHead(home)
  const expected = new DOMParser().parseFromString(`<head>${await builtHead(privacy)}</head>`, "text/html")

  mockHelmets.server = false
  const { rerender, unmount } = render(<Seo {...home} key="/" />)
  await settle()
  rerender(<Seo {...privacy} key="/privacy/" />)
  await settle()

  expect(document.title).toBe(expected.title)
  const tags = Array.from(expected.head.querySelectorAll("[data-react-helmet]:not(title)"))
  expect(managed().map(element => element.outerHTML)).toEqual(tags.map(element => element.outerHTML))
  expect(document.head.querySelector('link[rel="canonical"]')).toBeNull()
  expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull()

  unmount()
  await settle()
  expect(managed()).toEqual([])
})
