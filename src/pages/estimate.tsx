import { graphql, Link, type PageProps } from "gatsby"
import { css } from "@emotion/react"
import { CardGrid } from "../components/card-grid"
import { CallLink } from "../components/call-link"
import { EstimateSection } from "../components/estimate-section"
import { Hero, siteHeroImage } from "../components/hero"
import { Layout } from "../components/layout"
import { Section } from "../components/section"
import { Seo } from "../components/seo"
import { useBusiness } from "../hooks/use-business"
import { colors, fontSizes, radii, space } from "../styles/theme"
import { paths } from "../lib/paths"
import { servicePagePath } from "../lib/services"
import { servicesPhrase } from "../lib/page-copy"

const summary = css`
  li {
    padding: ${space.md} ${space.lg};
    background: ${colors.paper};
    border-radius: ${radii.md};
  }
  h3 {
    font-size: ${fontSizes.h4};
    margin-bottom: ${space.xxs};
  }
  p {
    margin: 0;
    color: ${colors.inkMuted};
    font-size: ${fontSizes.small};
  }
`

export default function EstimatePage({ data, location }: PageProps<Queries.EstimatePageQuery>) {
  const { quoteWithinHours, visit } = useBusiness()
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title={["Free Concrete Estimate in Utah", "Free Estimate"]}
        description={`Request a free estimate for concrete ${servicesPhrase(data.allServicesJson.nodes)} anywhere on the Wasatch Front. Detailed quote within ${quoteWithinHours} hours.`}
        keywords={[
          "free concrete estimate Utah",
          "concrete quote Salt Lake",
          "driveway estimate",
          "concrete contractor quote",
        ]}
        pathname={paths.estimate}
      />
      <Hero
        title="Get a Free Concrete Estimate"
        eyebrow="No cost, no obligation"
        actions={<CallLink variant="onSlate" />}
        image={siteHeroImage(data)}
      >
        <p>
          Leave your name and phone number and we will call to talk through the project and set up a visit. After we
          have measured, you get a detailed written quote within {quoteWithinHours} hours: {visit.quoteIncludes}.
        </p>
      </Hero>
      <EstimateSection variant="card" />
      <Section id="services-summary" title="What we can quote" muted>
        <CardGrid items={data.allServicesJson.nodes} compact cells={summary}>
          {service => {
            const to = servicePagePath(service)
            return (
              <>
                <h3>{to ? <Link to={to}>{service.title}</Link> : service.title}</h3>
                <p>{service.features.join(" · ")}</p>
              </>
            )
          }}
        </CardGrid>
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query EstimatePage {
    ...SiteHeroImage
    allServicesJson {
      nodes {
        ...ServiceSummary
      }
    }
  }
`
