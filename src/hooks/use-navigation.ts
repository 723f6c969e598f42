import { graphql, useStaticQuery } from "gatsby"
import { servicesPhrase } from "../lib/page-copy"
import { paths } from "../lib/paths"

/**
 * Services with pages, the counties and how many cities they hold, for the header's menus; every service
 * in a phrase, for the footer, and by title, for the estimate form's follow-up.
 */
export function useNavigation() {
  const data = useStaticQuery<Queries.NavigationQuery>(graphql`
    query Navigation {
      allServicePagesJson {
        nodes {
          slug
          name
        }
      }
      allServicesJson {
        nodes {
          phrase
          title
        }
      }
      allCitiesJson {
        totalCount
      }
      allProjectsJson {
        totalCount
      }
      allReviewsJson {
        totalCount
      }
      allCountiesJson {
        nodes {
          slug
          name
          hubCity {
            slug
          }
          summary
        }
      }
    }
  `)
  return {
    services: data.allServicePagesJson.nodes.map(({ slug, name }) => ({ label: name, to: paths.service(slug) })),
    counties: data.allCountiesJson.nodes.map(({ name, hubCity, summary }) => ({
      label: name,
      to: paths.city(hubCity.slug),
      summary,
    })),
    cityCount: data.allCitiesJson.totalCount,
    offers: servicesPhrase(data.allServicesJson.nodes),
    // Every service's title, in order: the estimate form's follow-up asks which one.
    serviceTitles: data.allServicesJson.nodes.map(({ title }) => title),
    // The pages of projects and reviews exist, and are linked, once the business has entered one.
    hasProjects: data.allProjectsJson.totalCount > 0,
    hasReviews: data.allReviewsJson.totalCount > 0,
  }
}
