/*
 * A service's price range in words and in structured data, from the owner's own figures (data/services.json ›
 * price): a guide to what recent jobs came to, dated, never a quote. A service without one says no price.
 */
import type { JsonLd } from "./json-ld"
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

/** The service page's sentence: what recent jobs came to, when the figures were checked, and what counts. */
export const priceSentence = (price: PriceRange, phrase: string): string =>
  `Most of our ${phrase} up to ${dateLabel(price.checked)} came to ${priceFigures(price)}, installed. ` +
  "That is a guide, not a quote: your written quote after the visit is what counts."

/** The offer the service's structured data carries when the page shows a range, and nothing when it does not. */
export const priceOfferLd = (price: PriceRange | null | undefined, service: string): JsonLd | undefined =>
  price
    ? {
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: service },
        priceSpecification: {
          "@type": "PriceSpecification",
          minPrice: price.low,
          maxPrice: price.high,
          priceCurrency: "USD",
        },
      }
    : undefined
