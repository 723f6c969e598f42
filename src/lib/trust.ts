/*
 * What the site promises and what the business has chosen to show about itself, worded once from
 * data/business.json: the trust strip, the estimate section's next steps and the buttons' notes ask here.
 */

import { paths } from "./paths"

/** Where anyone can check a Utah contractor's licence: the Division of Professional Licensing's search. */
export const LICENCE_LOOKUP_URL = "https://secure.utah.gov/llv/search/index.html"

/** The licence as the footer and the trust strip show it. */
export const licenceLine = (licenseNumber: string) => `Utah contractor licence ${licenseNumber}`

export interface TrustSource {
  warrantyYears: number
  quoteWithinHours: number
  hours: readonly { days: readonly string[]; opens: string; closes: string }[]
  rating?: { value: number; count: number; url?: string | null } | null
  licenseNumber?: string | null
  insurance?: string | null
  inBusinessSince?: number | null
}

export interface TrustFact {
  key: "warranty" | "quote" | "hours" | "license" | "insurance" | "years" | "rating"
  text: string
  /** Where the fact can be checked, such as the page of the reviews. */
  href?: string
}

const dayRange = (days: readonly string[]) =>
  days.length > 1 ? `${days[0].slice(0, 3)}–${days[days.length - 1].slice(0, 3)}` : days[0].slice(0, 3)

/** 07:00 → 7 am, 18:30 → 6:30 pm. */
export function clockTime(time: string): string {
  const [hour, minute] = time.split(":").map(Number)
  const twelve = hour % 12 === 0 ? 12 : hour % 12
  return `${twelve}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour < 12 ? "am" : "pm"}`
}

/** Each entry of the opening hours as it is shown: "Mon–Fri 7 am–6 pm". */
export const hoursLines = (hours: TrustSource["hours"]) =>
  hours.map(({ days, opens, closes }) => `${dayRange(days)} ${clockTime(opens)}–${clockTime(closes)}`)

/** The opening hours in one line: "Mon–Fri 7 am–6 pm, Sat 8 am–4 pm". */
export const hoursLine = (hours: TrustSource["hours"]) => hoursLines(hours).join(", ")

/** The one line every estimate button and form carries: what happens once the visitor asks. */
export const nextStepLine = ({ quoteWithinHours }: Pick<TrustSource, "quoteWithinHours">) =>
  `We call you back, measure on site for free, and send a written quote within ${quoteWithinHours} hours of the visit.`

/**
 * The facts of the trust strip: the promises and the hours always, then the licence, insurance, years in
 * business and rating only when data/business.json sets them. Nothing stands in for a missing one.
 */
export function trustFacts(business: TrustSource, year = new Date().getFullYear()): TrustFact[] {
  const facts: TrustFact[] = [
    { key: "warranty", text: `${business.warrantyYears}-year workmanship warranty`, href: paths.warranty },
    { key: "quote", text: `Written quote within ${business.quoteWithinHours} hours of the visit` },
    { key: "hours", text: hoursLine(business.hours) },
  ]
  if (business.licenseNumber)
    facts.push({ key: "license", text: licenceLine(business.licenseNumber), href: LICENCE_LOOKUP_URL })
  if (business.insurance) facts.push({ key: "insurance", text: business.insurance })
  if (business.inBusinessSince) {
    const years = year - business.inBusinessSince
    facts.push({
      key: "years",
      text: years >= 2 ? `${years} years in business` : `In business since ${business.inBusinessSince}`,
    })
  }
  if (business.rating) {
    const { value, count, url } = business.rating
    facts.push({
      key: "rating",
      text: `Rated ${value.toFixed(1)} out of 5 from ${count} review${count === 1 ? "" : "s"}`,
      ...(url ? { href: url } : {}),
    })
  }
  return facts
}
