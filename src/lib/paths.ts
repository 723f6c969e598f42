/**
 * Every path of the site, in one place: the pages Gatsby makes from src/pages, the pages gatsby-node.ts
 * makes from data (taking the entry's slug), and the section anchors that links and buttons land on.
 * Each page's path ends in a slash, the form Cloudflare Pages and Netlify serve a folder's index.html at
 * without a redirect (gatsby-config.ts › trailingSlash "always"; docs/deploying.md › The URL form).
 */
const page = (...segments: string[]) => `/${segments.map(segment => `${segment}/`).join("")}`

export const paths = {
  home: "/",
  estimate: page("estimate"),
  locations: page("locations"),
  privacy: page("privacy"),
  accessibility: page("accessibility"),
  warranty: page("warranty"),
  city: (slug: string) => page("locations", slug),
  service: (slug: string) => page(slug),
  // Made only once a project, or a review, exists (gatsby-node.ts).
  projects: page("projects"),
  project: (slug: string) => page("projects", slug),
  projectsOfService: (slug: string) => page("projects", "service", slug),
  projectsInCounty: (slug: string) => page("projects", "county", slug),
  reviews: page("reviews"),
} as const

/** The id of the estimate form's section on every page that has one. */
export const ESTIMATE_SECTION = "estimate"

/** A section on the current page (#faq), or on another page (/#faq, /estimate/#estimate). */
export const sectionPath = (section: string, page?: string) => `${page ?? ""}#${section}`

/** The slug a city's page takes from its name: lowercased and hyphenated ("West Valley City" → "west-valley-city"). */
export const slugFromName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
