import { graphql } from "gatsby"
import { Helmet } from "react-helmet"
import { useBusiness } from "../hooks/use-business"
import { serialiseLd, type JsonLd } from "../lib/json-ld"
import { pageTitle, type TitleWords } from "../lib/page-title"
import { canonicalUrl } from "../lib/urls"

/** What the structured data says of a county the business serves (json-ld.ts › countyAreaLd). */
export const query = graphql`
  fragment ServedCounty on CountiesJson {
    name
    bounds {
      south
      west
      north
      east
    }
  }
`

export interface SeoProps {
  /** What the page says in its title, longest first; the business name follows (page-title.ts). */
  title: TitleWords
  description: string
  keywords: readonly string[]
  /** The page's path; the canonical link is this path on the public site address. */
  pathname: string
  jsonLd?: JsonLd[]
  noindex?: boolean
}

/**
 * Every page's metadata, rendered into the static HTML by gatsby-plugin-react-helmet. The site was specified
 * with react-helmet, which lets a page set its metadata where it renders, from the same data and hooks;
 * Gatsby's Head export would move it into a second component per page and template, exported beside it.
 * In the browser, where it only follows client-side navigations, src/lib/browser-helmet.tsx stands in for the package.
 */
export function Seo({ title, description, keywords, pathname, jsonLd = [], noindex = false }: SeoProps) {
  const { name, siteUrl } = useBusiness()
  const fullTitle = pageTitle(title, name)
  const url = canonicalUrl(siteUrl, pathname)
  const image = `${canonicalUrl(siteUrl, "/")}og-image.png`
  return (
    <Helmet htmlAttributes={{ lang: "en" }}>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(", ")} />}
      {noindex && <meta name="robots" content="noindex" />}
      {!noindex && <link rel="canonical" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      {jsonLd.map(data => (
        <script key={String(data["@type"])} type="application/ld+json">
          {serialiseLd(data)}
        </script>
      ))}
    </Helmet>
  )
}
