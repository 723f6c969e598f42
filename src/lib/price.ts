/*
 * A service's price range in words, from the owner's own figures (data/services.json › price): a guide to what
 * recent jobs came to, dated, never a quote. A service without one says no price. The service page's sentence
 * is in price-guide.tsx and its structured data in json-ld.ts › priceOfferLd, so the home page's cards carry
 * only this.
 */
import { dateLabel } from "./proof"

export interface PriceRange {
  low: number
  high: number
  unit: string
  includes: string
  smallestJob?: string | null
  checked: string
}

const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`

/** "$9–14 a square foot", "$4,500–9,000 a job". */
export const priceFigures = ({ low, high, unit }: PriceRange): string =>
  `${low === high ? dollars(low) : `${dollars(low)}–${high.toLocaleString("en-US")}`} a ${unit}`

/** The short line where the services are listed: "Recent jobs: $9–14 a square foot (September 2026)". */
export const priceShortLine = (price: PriceRange): string =>
  `Recent jobs: ${priceFigures(price)} (${dateLabel(price.checked)})`
