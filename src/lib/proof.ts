/*
 * The rules by which projects and reviews are shown: newest first, a page's own first, the average worked
 * out from the reviews listed. Every review entered is shown; nothing here filters by rating.
 */

export interface ProjectFacts {
  slug: string
  finished: string
  featured?: boolean | null
  service: { slug: string }
  city: { slug: string; county: { slug: string } }
}

export interface ReviewFacts {
  date: string
  rating: number
  city?: { slug: string; county: { slug: string } } | null
  service?: { slug: string } | null
}

/**
 * ISO dates and slugs by their characters, which orders them exactly. Not localeCompare: its first call in a page
 * loads the browser's collation, about 80 ms of a phone's hydration at 4x CPU (docs/performance.md), and a locale's
 * rules could order two slugs otherwise than the server did.
 */
const byCharacters = (one: string, other: string) => (one < other ? -1 : one > other ? 1 : 0)

/** Newest first: by the month (projects) or the date (reviews), then by slug so the order is stable. */
export const newestFirst = <T extends { finished?: string; date?: string; slug?: string }>(items: readonly T[]): T[] =>
  [...items].sort(
    (one, other) =>
      byCharacters(other.finished ?? other.date ?? "", one.finished ?? one.date ?? "") ||
      byCharacters(one.slug ?? "", other.slug ?? ""),
  )

/** A city page's projects: the city's own, or its county's when the city has none; `scope` says which. */
export function projectsNear<T extends ProjectFacts>(
  projects: readonly T[],
  city: { slug: string; county: { slug: string } },
): { scope: "city" | "county"; projects: T[] } {
  const own = projects.filter(project => project.city.slug === city.slug)
  if (own.length > 0) return { scope: "city", projects: newestFirst(own) }
  return {
    scope: "county",
    projects: newestFirst(projects.filter(project => project.city.county.slug === city.county.slug)),
  }
}

/** What a page's reviews lead with: a service's, a city's, then its county's; all the others follow. */
export interface ReviewFocus {
  service?: string
  city?: string
  county?: string
}

const relevance = (review: ReviewFacts, focus: ReviewFocus): number => {
  if (focus.service && review.service?.slug === focus.service) return 0
  if (focus.city && review.city?.slug === focus.city) return 1
  if (focus.county && review.city?.county.slug === focus.county) return 2
  return 3
}

/** Every review, the page's own first and each group newest first. None is left out. */
export const reviewsFor = <T extends ReviewFacts>(reviews: readonly T[], focus: ReviewFocus = {}): T[] =>
  newestFirst(reviews)
    .map((review, index) => ({ review, index, rank: relevance(review, focus) }))
    .sort((one, other) => one.rank - other.rank || one.index - other.index)
    .map(({ review }) => review)

/** The average of the ratings listed, to one decimal, and how many there are. */
export function averageOf(reviews: readonly { rating: number }[]): { value: number; count: number } | null {
  if (reviews.length === 0) return null
  const total = reviews.reduce((sum, review) => sum + review.rating, 0)
  return { value: Math.round((total / reviews.length) * 10) / 10, count: reviews.length }
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
]

/** "2026-09" → "September 2026"; "2026-09-14" → "September 14, 2026". */
export function dateLabel(date: string): string {
  const [year, month, day] = date.split("-")
  const monthName = MONTHS[Number(month) - 1] ?? month
  return day ? `${monthName} ${Number(day)}, ${year}` : `${monthName} ${year}`
}

/** Where a review was left, as the page names it. */
export const sourceLabel = (source: string): string =>
  source === "Directly to us" ? "Sent to us directly" : `Left on ${source}`
