import { graphql, type PageProps } from "gatsby"
import { AskPanel } from "../components/ask-panel"
import { CallLink } from "../components/call-link"
import { EstimateSection } from "../components/estimate-section"
import { FaqAccordion } from "../components/faq-accordion"
import { Hero } from "../components/hero"
import { Layout } from "../components/layout"
import { ProcessSteps } from "../components/process-steps"
import { Section } from "../components/section"
import { Seo } from "../components/seo"
import { ServiceCards } from "../components/service-cards"
import { TrustStrip } from "../components/trust-strip"
import { useBusiness } from "../hooks/use-business"
import { faqPageLd, localBusinessLd } from "../lib/json-ld"
import { nextStepLine } from "../lib/trust"
import { mainAndAside } from "../styles/layouts"
import { primaryButton } from "../styles/shared"
import { ESTIMATE_SECTION, sectionPath } from "../lib/paths"
import { offeredServiceTypes, servicePagePath } from "../lib/services"
import { countiesPhrase } from "../lib/page-copy"

export default function HomePage({ data, location }: PageProps<Queries.HomePageQuery>) {
  const business = useBusiness()
  const services = data.allServicesJson.nodes
  const faq = data.allFaqJson.nodes
  const offered = offeredServiceTypes(services)
  const heroImage = data.heroImage?.childImageSharp?.gatsbyImageData
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title={`Concrete Contractor in Utah | ${business.name}`}
        description="Concrete driveways, patios and RV pads, walkout basements, stamped and stained concrete and retaining walls in Salt Lake, Utah, Davis, Weber and Tooele counties. Free estimates."
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
        eyebrow={countiesPhrase(
          data.allCountiesJson.nodes.map(county => county.name),
          "&",
        )}
        actions={
          <>
            <a href={sectionPath(ESTIMATE_SECTION)} css={primaryButton}>
              Get Free Estimate
            </a>
            <CallLink variant="onSlate" />
          </>
        }
        note={nextStepLine(business)}
        image={
          heroImage && {
            data: heroImage,
            alt: "A new broom-finished concrete driveway, stamped patio and block retaining wall at a home below the Wasatch mountains",
          }
        }
      >
        <p>
          Driveways, patios and RV pads, walkout basements, stamped and stained concrete and retaining walls, poured
          with air-entrained mixes and drainage that stand up to Utah&apos;s freeze-thaw winters. Tell us about your
          project and get a detailed written quote within {business.quoteWithinHours} hours.
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
      <Section
        id="process"
        title="Our Six-Step Process"
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
          <FaqAccordion items={faq} />
          <AskPanel />
        </div>
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query HomePage {
    heroImage: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "hero.png" }) {
      childImageSharp {
        ...HeroImage
      }
    }
    allServicesJson {
      nodes {
        slug
        title
        description
        features
        ...ServiceIllustration
        page {
          slug
          serviceType
        }
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
