/**
 * The words a city page is built from, as rules rather than markup: its title and description for search
 * results, its keywords, its headings and the hero's lead. The template only places them.
 */
export interface CityPageCopy {
  title: string
  description: string
  keywords: string[]
  heading: string
  lead: string
  servicesTitle: string
  faqTitle: string
  reasonsTitle: string
  countyTitle: string
}

// Abbreviations a sentence does not end on ("Mt. Olympus", "St. George").
const ABBREVIATION = /\b(?:Mt|St|Ft|Dr|No|Jr|Sr|U\.S)\.$/

/** The first sentence of a paragraph, for a lead. */
export function firstSentence(paragraph: string): string {
  const parts = paragraph.trim().split(/(?<=[.!?])\s+/)
  let sentence = parts[0] ?? ""
  for (const part of parts.slice(1)) {
    if (!ABBREVIATION.test(sentence)) break
    sentence = `${sentence} ${part}`
  }
  return sentence
}

export function cityPageCopy(
  city: { name: string },
  county: { name: string },
  localInfo: string,
  quoteWithinHours: number,
): CityPageCopy {
  const { name } = city
  return {
    title: `Concrete Contractor in ${name}, UT`,
    description:
      `Concrete driveways, patios, RV pads, walkout basements, stamped concrete and retaining walls in ${name}, ` +
      `${county.name}. Local crews, free estimates, quotes within ${quoteWithinHours} hours.`,
    keywords: [
      `concrete contractor ${name}`,
      `concrete driveway ${name}`,
      `stamped concrete ${name}`,
      `retaining wall ${name}`,
      `walkout basement ${name}`,
      `${county.name} concrete`,
    ],
    heading: `Concrete Contractor in ${name}, Utah`,
    lead: firstSentence(localInfo),
    servicesTitle: `Concrete services in ${name}`,
    faqTitle: `${name} concrete questions`,
    reasonsTitle: `Why ${name} homeowners choose us`,
    countyTitle: `More of ${county.name}`,
  }
}

/** "Salt Lake, Utah, Davis, Weber and Tooele counties", from the counties the content holds. */
export function countiesPhrase(countyNames: readonly string[], and = "and"): string {
  const names = countyNames.map(name => name.replace(/ County$/, ""))
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}` : names[0]
  return `${list} ${names.length === 1 ? "county" : "counties"}`
}
