/**
 * The words a city page is built from, as rules rather than markup: its title and description for search
 * results, its keywords, its headings and the hero's lead. The template only places them.
 */
export interface CityPageCopy {
  /** The title's words, longest first (page-title.ts). */
  title: readonly string[]
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

export interface CityFacts {
  city: { name: string }
  county: { name: string }
  localInfo: string
  quoteWithinHours: number
  services: readonly ServicePhrase[]
}

export function cityPageCopy({ city, county, localInfo, quoteWithinHours, services }: CityFacts): CityPageCopy {
  const { name } = city
  return {
    title: [`Concrete Contractor in ${name}, UT`, `Concrete in ${name}, UT`, `${name}, UT`],
    description:
      `Concrete ${servicesPhrase(services)} in ${name}, ${county.name}. ` +
      `Local crews, free estimates, quotes within ${quoteWithinHours} hours.`,
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

/** "a, b and c": the words of a list as a sentence reads them. */
export const listPhrase = (words: readonly string[], and = "and"): string =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} ${and} ${words[words.length - 1]}` : (words[0] ?? "")

/** "Salt Lake, Utah, Davis, Weber and Tooele counties", from the counties the content holds. */
export function countiesPhrase(countyNames: readonly string[], and = "and"): string {
  const names = countyNames.map(name => name.replace(/ County$/, ""))
  return names.length === 1 ? `${names[0]} County` : `${listPhrase(names, and)} counties`
}

export interface ServicePhrase {
  phrase: string
}

/** "driveways, patios and RV pads, … and retaining walls", from the services the content holds, in their order. */
export const servicesPhrase = (services: readonly ServicePhrase[]): string =>
  listPhrase(services.map(service => service.phrase))
