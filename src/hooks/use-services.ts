import { graphql, useStaticQuery } from "gatsby"

/** Every service the business offers (data/services.json), in order: the follow-up's project choices. */
export function useServices() {
  const data = useStaticQuery<Queries.ServiceChoicesQuery>(graphql`
    query ServiceChoices {
      allServicesJson {
        nodes {
          slug
          title
        }
      }
    }
  `)
  return data.allServicesJson.nodes
}
