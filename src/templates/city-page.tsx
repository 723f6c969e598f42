import { graphql, Link, type PageProps } from "gatsby"
import { css } from "@emotion/react"
import { AskPanel } from "../components/ask-panel"
import { EstimateSection } from "../components/estimate-section"
import { FaqAccordion } from "../components/faq-accordion"
import { Hero, HeroActions } from "../components/hero"
import { Layout } from "../components/layout"
import { LocalExpertise } from "../components/local-expertise"
import { Reasons } from "../components/reasons"
import { RecentWork } from "../components/recent-work"
import { Section } from "../components/section"
import { Seo } from "../components/seo"
import { ServiceList } from "../components/service-list"
import { useBusiness } from "../hooks/use-business"
import { localBusinessLd } from "../lib/json-ld"
import { cityPageCopy } from "../lib/page-copy"
import { projectsNear } from "../lib/proof"
import { nextStepLine } from "../lib/trust"
import { mainAndAside } from "../styles/layouts"
import { colors, radii, sizes, space } from "../styles/theme"
import { paths } from "../lib/paths"
import { offeredServiceTypes, servicePagePath } from "../lib/services"

// Tiles that share their row whatever the county's count of towns: two towns and the overview fill it
// in thirds, a dozen wrap into even columns.
const linkList = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${sizes.linkTile}), 1fr));
  gap: ${space.sm};
  list-style: none;
  margin: ${space.lg} 0 0;
  padding: 0;
  a {
    display: flex;
    align-items: center;
    min-height: ${sizes.tapTarget};
    height: 100%;
    padding: ${space.xs} ${space.md};
    border: ${sizes.border} solid ${colors.line};
    border-radius: ${radii.md};
    background: ${colors.paper};
  }
`

export default function CityPage({ data, location }: PageProps<Queries.CityPageQuery>) {
  const business = useBusiness()
  const city = data.citiesJson
  if (!city) throw new Error(`No city data for ${location.pathname}`)
  const { county } = city
  const services = data.allServicesJson.nodes
  const offered = offeredServiceTypes(services)
  const nearby = projectsNear(data.allProjectsJson.nodes, city)
  const countyNeighbours = county.cities.filter(other => other.slug !== city.slug)
  const countyImage = county.image.childImageSharp?.gatsbyImageData
  const copy = cityPageCopy({
    city,
    county,
    localInfo: city.localInfo,
    quoteWithinHours: business.quoteWithinHours,
    services,
  })
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title={copy.title}
        description={copy.description}
        keywords={copy.keywords}
        pathname={paths.city(city.slug)}
        jsonLd={[localBusinessLd(business, offered, { name: city.name, county: county.name, geo: city.geo })]}
      />
      <Hero
        title={copy.heading}
        eyebrow={county.name}
        actions={<HeroActions estimatePage={paths.estimate} />}
        note={nextStepLine(business)}
        image={countyImage && { data: countyImage, alt: county.imageAlt }}
      >
        <p>{copy.lead}</p>
      </Hero>
      <Section id="services" title={copy.servicesTitle}>
        <ServiceList
          services={services.map(service => ({
            slug: service.slug,
            title: service.title,
            line: service.features[0],
            to: servicePagePath(service),
          }))}
        />
      </Section>
      <Section id="local-expertise" title="Local Expertise" muted>
        <LocalExpertise
          city={city.name}
          localInfo={city.localInfo}
          weatherConsiderations={city.weatherConsiderations}
          popularProjects={city.popularProjects}
          nearbyLandmarks={city.nearbyLandmarks}
          nearbyCities={city.nearby}
        />
      </Section>
      <RecentWork
        title={nearby.scope === "city" ? `Our work in ${city.name}` : `Our work nearby in ${county.name}`}
        projects={nearby.projects}
        more={{ to: paths.projectsInCounty(county.slug), label: `Every project in ${county.name}` }}
        muted
      />
      <Section id="city-faq" title={copy.faqTitle}>
        <div css={mainAndAside}>
          <FaqAccordion items={city.faq} />
          <AskPanel />
        </div>
      </Section>
      <Section id="why-us" title={copy.reasonsTitle} muted>
        <Reasons reasons={data.allReasonsJson.nodes} />
      </Section>
      <Section id="county" title={copy.countyTitle}>
        <ul css={linkList}>
          {countyNeighbours.map(other => (
            <li key={other.slug}>
              <Link to={paths.city(other.slug)}>{other.name}</Link>
            </li>
          ))}
          <li>
            <Link to={paths.locations}>All service areas</Link>
          </li>
        </ul>
      </Section>
      <EstimateSection reviewFocus={{ city: city.slug, county: county.slug }} />
    </Layout>
  )
}

export const query = graphql`
  query CityPage($slug: String!, $county: String!) {
    allProjectsJson(
      filter: { city: { county: { slug: { eq: $county } } } }
      sort: [{ finished: DESC }, { slug: ASC }]
    ) {
      nodes {
        ...ProjectCard
      }
    }
    citiesJson(slug: { eq: $slug }) {
      slug
      name
      geo {
        latitude
        longitude
      }
      county {
        slug
        name
        imageAlt
        image {
          childImageSharp {
            ...HeroImage
          }
        }
        cities {
          name
          slug
        }
      }
      nearby {
        name
        slug
      }
      localInfo
      weatherConsiderations
      popularProjects
      nearbyLandmarks
      faq {
        question
        answer
      }
    }
    allServicesJson {
      nodes {
        ...ServiceSummary
      }
    }
    allReasonsJson {
      nodes {
        title
        description
      }
    }
  }
`
