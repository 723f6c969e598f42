/*
 * Builders for the schema.org JSON-LD the pages embed. They take plain data so they can be unit
 * tested and shared by every page that describes the business.
 */
import type { Crumb } from "./breadcrumbs"
import { canonicalUrl, internationalPhone } from "./urls"

/** The business's facts as the Business static query gives them (src/hooks/use-business.ts). */
type Business = NonNullable<Queries.BusinessQuery["businessJson"]>

/** What the builders read of them. */
export type BusinessFacts = Pick<
  Business,
  "name" | "phone" | "email" | "siteUrl" | "addressRegion" | "addressCountry" | "priceRange" | "hours"
> & { rating?: Rating | null }

/** A real aggregate rating, shown on the page wherever the markup carries it. */
export interface Rating {
  value: number
  count: number
  url?: string | null
}

/** A county the business serves, as the ServedCounty fragment gives it (src/components/seo.tsx). */
export type ServedCounty = Queries.ServedCountyFragment

export interface ServedCity {
  name: string
  county: string
  geo: { latitude: number; longitude: number }
}

export type JsonLd = Record<string, unknown>

const CONTEXT = "https://schema.org"

const businessId = (siteUrl: string) => `${canonicalUrl(siteUrl, "/")}#business`

// The business serves an area and publishes no street address; search engines require the address all the same.
const postalAddressLd = ({ addressRegion, addressCountry }: BusinessFacts): JsonLd => ({
  "@type": "PostalAddress",
  addressRegion,
  addressCountry,
})

const inUtah = (name: string) => `${name}, Utah`

/** A county the business serves, with the box its cities lie in (schema.org's GeoShape: "south west north east"). */
export const countyAreaLd = ({ name, bounds }: ServedCounty): JsonLd => ({
  "@type": "AdministrativeArea",
  name: inUtah(name),
  geo: { "@type": "GeoShape", box: `${bounds.south} ${bounds.west} ${bounds.north} ${bounds.east}` },
  containedInPlace: { "@type": "State", name: "Utah" },
})

export const cityAreaLd = ({ name, county, geo }: ServedCity): JsonLd => ({
  "@type": "City",
  name: inUtah(name),
  geo: { "@type": "GeoCoordinates", latitude: geo.latitude, longitude: geo.longitude },
  containedInPlace: { "@type": "AdministrativeArea", name: inUtah(county) },
})

export const aggregateRatingLd = (rating: Rating): JsonLd => ({
  "@type": "AggregateRating",
  ratingValue: rating.value,
  reviewCount: rating.count,
  bestRating: 5,
  worstRating: 1,
  ...(rating.url ? { url: rating.url } : {}),
})

/**
 * The business as a LocalBusiness with a more specific type. It serves the counties on the home page
 * and the city on a city page. The rating is there only when the business has set a real one.
 */
export function localBusinessLd(
  business: BusinessFacts,
  services: readonly string[],
  served: readonly ServedCounty[] | ServedCity,
): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": ["LocalBusiness", "HomeAndConstructionBusiness"],
    "@id": businessId(business.siteUrl),
    name: business.name,
    url: canonicalUrl(business.siteUrl, "/"),
    telephone: internationalPhone(business.phone),
    email: business.email,
    address: postalAddressLd(business),
    openingHoursSpecification: business.hours.map(({ days, opens, closes }) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [...days],
      opens,
      closes,
    })),
    areaServed: Array.isArray(served) ? served.map(countyAreaLd) : cityAreaLd(served as ServedCity),
    priceRange: business.priceRange,
    ...(business.rating ? { aggregateRating: aggregateRatingLd(business.rating) } : {}),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Concrete services",
      itemListElement: services.map(name => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name },
      })),
    },
  }
}

export const faqPageLd = (items: readonly { question: string; answer: string }[]): JsonLd => ({
  "@context": CONTEXT,
  "@type": "FAQPage",
  mainEntity: items.map(({ question, answer }) => ({
    "@type": "Question",
    name: question,
    acceptedAnswer: { "@type": "Answer", text: answer },
  })),
})

export const breadcrumbLd = (siteUrl: string, crumbs: readonly Crumb[]): JsonLd => ({
  "@context": CONTEXT,
  "@type": "BreadcrumbList",
  itemListElement: crumbs.map((crumb, index) => ({
    "@type": "ListItem",
    position: index + 1,
    name: crumb.label,
    item: canonicalUrl(siteUrl, crumb.path),
  })),
})

export const serviceLd = (
  business: BusinessFacts,
  service: { name: string; serviceType: string; description: string; path: string; offers?: JsonLd },
  counties: readonly ServedCounty[],
): JsonLd => ({
  "@context": CONTEXT,
  "@type": "Service",
  name: service.name,
  serviceType: service.serviceType,
  description: service.description,
  url: canonicalUrl(business.siteUrl, service.path),
  provider: {
    "@type": ["LocalBusiness", "HomeAndConstructionBusiness"],
    "@id": businessId(business.siteUrl),
    name: business.name,
    telephone: internationalPhone(business.phone),
    address: postalAddressLd(business),
  },
  areaServed: counties.map(countyAreaLd),
  ...(service.offers ? { offers: service.offers } : {}),
})

/** The offer a service's structured data carries when its page shows the owner's range (price.ts), else nothing. */
export const priceOfferLd = (price: { low: number; high: number } | null | undefined, service: string) =>
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

/** JSON for a script tag: "<" escaped so copy can never close the tag early. */
export const serialiseLd = (data: JsonLd): string => JSON.stringify(data).replace(/</g, "\\u003c")
