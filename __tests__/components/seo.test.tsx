import { render } from "@testing-library/react"
import { Helmet } from "react-helmet"
import { Seo } from "../../src/components/seo"
import { faqPageLd, localBusinessLd } from "../../src/lib/json-ld"
import { paths } from "../../src/lib/paths"
import { canonicalUrl } from "../../src/lib/urls"
import { business, counties, faq } from "../fixtures/site-data"
import { withSiteData } from "../support/components"

withSiteData()

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
      expect.objectContaining({ href: canonicalUrl(business.siteUrl, paths.service("driveways")) }),
    ])
  })

  it("sets the Open Graph tags and html lang", () => {
    const { head, meta } = renderSeo()
    expect(meta("og:title")).toBe(`Concrete Driveways in Utah | ${business.name}`)
    expect(meta("og:description")).toBe("Driveways built for Utah winters.")
    expect(meta("og:url")).toBe(canonicalUrl(business.siteUrl, paths.service("driveways")))
    expect(meta("og:type")).toBe("website")
    expect(meta("og:site_name")).toBe(business.name)
    expect(meta("og:image")).toMatch(new RegExp(`^${business.siteUrl}/`))
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
