import { graphql, Link, type PageProps } from "gatsby"
import { css } from "@emotion/react"
import { AskPanel } from "../components/ask-panel"
import { EstimateSection } from "../components/estimate-section"
import { FaqAccordion } from "../components/faq-accordion"
import { Hero, HeroActions, siteHeroImage } from "../components/hero"
import { Layout } from "../components/layout"
import { ProcessSteps } from "../components/process-steps"
import { RecentWork } from "../components/recent-work"
import { Section } from "../components/section"
import { Seo } from "../components/seo"
import { ServiceCards } from "../components/service-cards"
import { TrustStrip } from "../components/trust-strip"
import { useBusiness } from "../hooks/use-business"
import { faqPageLd, localBusinessLd } from "../lib/json-ld"
import { nextStepLine } from "../lib/trust"
import { mainAndAside } from "../styles/layouts"
import { offeredServiceTypes, servicePagePath } from "../lib/services"
import { countiesPhrase, servicesPhrase } from "../lib/page-copy"
import { capitalised, countInWords } from "../lib/text"
import { paths } from "../lib/paths"
import { fillFacts } from "../lib/facts"
import { space } from "../styles/theme"

const faqMore = css`
  margin: ${space.lg} 0 0;
`

export default function HomePage({ data, location }: PageProps<Queries.HomePageQuery>) {
  const business = useBusiness()
  const services = data.allServicesJson.nodes
  // The answers name the business's facts ({warrantyYears}) rather than repeat them (facts.ts).
  const faq = data.allFaqJson.nodes.map(({ question, answer }) => ({ question, answer: fillFacts(answer, business) }))
  const offered = offeredServiceTypes(services)
  const counties = data.allCountiesJson.nodes.map(county => county.name)
  const offers = servicesPhrase(services)
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title={["Concrete Contractor in Utah", "Concrete in Utah"]}
        description={`Concrete ${offers} in ${countiesPhrase(counties)}. Free estimates.`}
        keywords={[
          "concrete contractor Utah",
          "concrete driveway Salt Lake City",
          "stamped concrete patio Utah",
          "walkout basement Utah",
          "retaining wall contractor Utah",
          "RV pad concrete",
        ]}
        pathname="/"
        jsonLd={[localBusinessLd(business, offered, data.allCountiesJson.nodes), faqPageLd(faq)]}
      />
      <Hero
        title="Quality Concrete Solutions for Your Projects"
        eyebrow={countiesPhrase(counties, "&")}
        actions={<HeroActions />}
        note={nextStepLine(business)}
        image={siteHeroImage(data)}
      >
        <p>
          {capitalised(offers)}, poured with air-entrained mixes and drainage that stand up to Utah&apos;s freeze-thaw
          winters. Tell us about your project and get a detailed written quote within {business.quoteWithinHours} hours.
        </p>
      </Hero>
      <TrustStrip />
      <Section
        id="services"
        title="Concrete Services"
        intro="Residential and commercial concrete across the Wasatch Front, from a single patio slab to a full tear-out and replacement."
      >
        <ServiceCards
          services={services.map(service => ({
            ...service,
            image: service.image.childImageSharp?.gatsbyImageData ?? null,
            to: servicePagePath(service),
          }))}
        />
      </Section>
      <RecentWork
        title="Recent Projects"
        intro="A few of the jobs we have finished lately, photographed when the forms came off."
        projects={data.allProjectsJson.nodes}
        more={{ to: paths.projects, label: "See all our work" }}
      />
      <Section
        id="process"
        title={`Our ${capitalised(countInWords(data.allProcessJson.nodes.length))}-Step Process`}
        intro="Every project, large or small, follows the same steps, so you know what happens next and when."
        muted
      >
        <ProcessSteps steps={data.allProcessJson.nodes} />
      </Section>
      <EstimateSection />
      <Section
        id="faq"
        title="Frequently Asked Questions"
        intro="Straight answers to what Utah homeowners most often ask about new concrete."
      >
        <div css={mainAndAside}>
          <div>
            <FaqAccordion items={faq} />
            <p css={faqMore}>
              <Link to={paths.warranty}>Our {business.warrantyYears}-year warranty in full</Link>: what it covers, what
              it does not, and how to make a claim.
            </p>
          </div>
          <AskPanel />
        </div>
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query HomePage {
    allProjectsJson(filter: { featured: { eq: true } }, sort: [{ finished: DESC }, { slug: ASC }], limit: 3) {
      nodes {
        ...ProjectCard
      }
    }
    ...SiteHeroImage
    allServicesJson {
      nodes {
        ...ServiceSummary
        description
        ...ServicePrice
        ...ServiceIllustration
      }
    }
    allProcessJson(sort: { number: ASC }) {
      nodes {
        title
        description
      }
    }
    allFaqJson {
      nodes {
        question
        answer
      }
    }
    allCountiesJson {
      nodes {
        ...ServedCounty
      }
    }
  }
`
