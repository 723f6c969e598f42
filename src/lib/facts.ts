/**
 * The business's facts that site-wide texts (the FAQ, the reasons) name in braces instead of repeating them:
 * "a {warrantyYears}-year warranty" reads the same figure as the trust strip and the warranty page, so a
 * change in data/business.json changes every sentence. The content's schema refuses any other name.
 */
export const TEXT_FACTS = ["warrantyYears", "quoteWithinHours"] as const

export type TextFacts = Record<(typeof TEXT_FACTS)[number], number>

const isFact = (name: string): name is (typeof TEXT_FACTS)[number] => (TEXT_FACTS as readonly string[]).includes(name)

/** The text with each {fact} replaced by its value. */
export const fillFacts = (text: string, facts: TextFacts): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (isFact(name) ? String(facts[name]) : whole))
