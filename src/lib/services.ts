/**
 * The services the business offers, as the home page's cards, the city pages' list and the estimate page
 * show them: each card links to its service page when it has one, and the structured data names the
 * service type of each page.
 */
import { paths } from "./paths"

interface OfferedService {
  page?: { slug: string; serviceType?: string | null } | null
}

/** Where a service's card or list item links: its page, or nowhere. */
export const servicePagePath = (service: OfferedService): string | null =>
  service.page ? paths.service(service.page.slug) : null

/** The service types the structured data says the business offers: one per service page. */
export const offeredServiceTypes = (services: readonly OfferedService[]): string[] =>
  services.flatMap(service => (service.page?.serviceType ? [service.page.serviceType] : []))
