/*
 * Builders for the schema.org JSON-LD the pages embed. They take plain data so they can be unit
 * tested and shared by every page that describes the business.
 */
import type { Crumb } from "./breadcrumbs"
import { canonicalUrl, internationalPhone } from "./urls"

export interface BusinessFacts {
  name: string
  phone: string
  email: string
  siteUrl: string
  addressRegion: string
  addressCountry: string
  geo: { latitude: number; longitude: number }
  serviceRadiusMeters: number
  priceRange: string
  rating?: { value: number; count: number } | null
  hours: readonly { days: readonly string[]; opens: string; closes: string }[]
}

export interface ServedCity {
  name: string
  county: string
}

export type JsonLd = Record<string, unknown>

const CONTEXT = "https://schema.org"

const businessId = (siteUrl: string) => `${canonicalUrl(siteUrl, "/")}#business`

/** The business as a LocalBusiness with a more specific type; areaServed is the city on city pages. */
export function localBusinessLd(business: BusinessFacts, services: readonly string[], city?: ServedCity): JsonLd {
  const serviceArea = {
    "@type": "GeoCircle",
    geoMidpoint: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
    geoRadius: business.serviceRadiusMeters,
  }
  return {
    "@context": CONTEXT,
    "@type": ["LocalBusiness", "HomeAndConstructionBusiness"],
    "@id": businessId(business.siteUrl),
    name: business.name,
    url: canonicalUrl(business.siteUrl, "/"),
    telephone: internationalPhone(business.phone),
    email: business.email,
    address: {
      "@type": "PostalAddress",
      addressRegion: business.addressRegion,
      addressCountry: business.addressCountry,
    },
    openingHoursSpecification: business.hours.map(({ days, opens, closes }) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [...days],
      opens,
      closes,
    })),
    areaServed: city
      ? {
          "@type": "City",
          name: `${city.name}, Utah`,
          containedInPlace: { "@type": "AdministrativeArea", name: city.county },
        }
      : serviceArea,
    priceRange: business.priceRange,
    ...(business.rating && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: business.rating.value,
        reviewCount: business.rating.count,
        bestRating: 5,
      },
    }),
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
  service: { name: string; serviceType: string; description: string; path: string },
  areas: readonly string[],
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
  },
  areaServed: areas.map(name => ({ "@type": "AdministrativeArea", name: `${name}, Utah` })),
})

/** JSON for a script tag: "<" escaped so copy can never close the tag early. */
export const serialiseLd = (data: JsonLd): string => JSON.stringify(data).replace(/</g, "\\u003c")
