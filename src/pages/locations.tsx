import { graphql, Link, type PageProps } from "gatsby"
import { css } from "@emotion/react"
import { Hero } from "../components/hero"
import { Layout } from "../components/layout"
import { Section } from "../components/section"
import { Seo } from "../components/seo"
import { breakpoints, colors, fontSizes, space } from "../styles/theme"
import { raisedCard } from "../styles/shared"
import { paths } from "../lib/paths"

const grid = css`
  display: grid;
  gap: ${space.lg};
  ${breakpoints.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${breakpoints.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`

const county = css`
  ${raisedCard}
  h2 {
    font-size: ${fontSizes.h3};
  }
  p {
    color: ${colors.inkMuted};
    font-size: ${fontSizes.small};
  }
  ul {
    margin: 0;
    padding-left: ${space.lg};
  }
  a {
    display: inline-block;
    padding: ${space.xxs} 0;
  }
`

export default function LocationsPage({ data, location }: PageProps<Queries.LocationsPageQuery>) {
  const counties = data.allCountiesJson.nodes
  const heroImage = data.heroImage?.childImageSharp?.gatsbyImageData
  const cityCount = counties.reduce((total, { cities }) => total + cities.length, 0)
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title={["Service Areas: Concrete Contractor Across Utah", "Concrete Service Areas in Utah", "Service Areas"]}
        description={`Concrete work in ${cityCount} cities across Salt Lake, Utah, Davis, Weber and Tooele counties. Find your city for local driveway, patio, basement and retaining wall information.`}
        keywords={[
          "concrete contractor near me Utah",
          "Wasatch Front concrete",
          "Salt Lake County concrete",
          "Utah County concrete",
          "Davis County concrete",
        ]}
        pathname={paths.locations}
      />
      <Hero
        title="Concrete Service Areas in Utah"
        eyebrow={`${cityCount} cities in ${counties.length} counties`}
        image={
          heroImage && {
            data: heroImage,
            alt: "Illustration of the Wasatch Range above the homes and streets of the Wasatch Front's valleys",
          }
        }
      >
        <p>
          Our crews pour from Ogden to Spanish Fork and out to Tooele Valley. Choose your city to read about the soils,
          slopes and weather we plan for there, and the projects common in your area.
        </p>
      </Hero>
      <Section id="counties" title="Find your city" muted>
        <div css={grid}>
          {counties.map(({ slug, name, description, cities }) => (
            <section key={slug} css={county} aria-labelledby={`county-${slug}`}>
              <h2 id={`county-${slug}`}>{name}</h2>
              <p>{description}</p>
              <ul>
                {cities.map(city => (
                  <li key={city.slug}>
                    <Link to={paths.city(city.slug)}>{city.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query LocationsPage {
    heroImage: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "county-salt-lake.png" }) {
      childImageSharp {
        ...HeroImage
      }
    }
    allCountiesJson {
      nodes {
        slug
        name
        description
        cities {
          name
          slug
        }
      }
    }
  }
`
