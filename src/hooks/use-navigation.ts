import { graphql, useStaticQuery } from "gatsby"

/** Services with pages and the counties, for the header's dropdowns and the mobile menu. */
export function useNavigation() {
  const data = useStaticQuery<Queries.NavigationQuery>(graphql`
    query Navigation {
      allServicePagesJson {
        nodes {
          slug
          name
        }
      }
      allCountiesJson {
        nodes {
          slug
          name
          hubCity
          summary
        }
      }
    }
  `)
  return {
    services: data.allServicePagesJson.nodes.map(({ slug, name }) => ({ label: name, to: `/${slug}` })),
    counties: data.allCountiesJson.nodes.map(({ name, hubCity, summary }) => ({
      label: name,
      to: `/locations/${hubCity}`,
      summary,
    })),
  }
}
