/**
 * Every path of the site, in one place: the pages Gatsby makes from src/pages, the pages gatsby-node.ts
 * makes from data (taking the entry's slug), and the section anchors that links and buttons land on.
 */
export const paths = {
  home: "/",
  estimate: "/estimate",
  locations: "/locations",
  privacy: "/privacy",
  accessibility: "/accessibility",
  warranty: "/warranty",
  city: (slug: string) => `/locations/${slug}`,
  service: (slug: string) => `/${slug}`,
  // Made only once a project, or a review, exists (gatsby-node.ts).
  projects: "/projects",
  project: (slug: string) => `/projects/${slug}`,
  projectsOfService: (slug: string) => `/projects/service/${slug}`,
  projectsInCounty: (slug: string) => `/projects/county/${slug}`,
  reviews: "/reviews",
} as const

/** The id of the estimate form's section on every page that has one. */
export const ESTIMATE_SECTION = "estimate"

/** A section on the current page (#faq), or on another page (/#faq, /estimate#estimate). */
export const sectionPath = (section: string, page?: string) => `${page ?? ""}#${section}`

/** The slug a city's page takes from its name: lowercased and hyphenated ("West Valley City" → "west-valley-city"). */
export const slugFromName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
