import { graphql, type PageProps } from "gatsby"
import { CallToAction } from "../components/call-to-action"
import { EstimateSection } from "../components/estimate-section"
import { FeatureLists } from "../components/feature-lists"
import { Hero, HeroActions } from "../components/hero"
import { Layout } from "../components/layout"
import { ProcessSteps } from "../components/process-steps"
import { PriceGuide } from "../components/price-guide"
import { Prose } from "../components/prose"
import { RecentWork } from "../components/recent-work"
import { Section } from "../components/section"
import { Seo } from "../components/seo"
import { WarrantyNote } from "../components/warranty-note"
import { useBusiness } from "../hooks/use-business"
import { priceOfferLd, serviceLd } from "../lib/json-ld"
import { nextStepLine } from "../lib/trust"
import { paths } from "../lib/paths"
import { lowerCaseWords } from "../lib/text"

export default function ServicePage({ data, location }: PageProps<Queries.ServicePageQuery>) {
  const business = useBusiness()
  const page = data.servicePagesJson
  if (!page) throw new Error(`No service page content for ${location.pathname}`)
  const image = data.servicesJson?.image.childImageSharp?.gatsbyImageData
  const path = paths.service(page.slug)
  const lowerName = page.name.toLowerCase()
  const price = data.servicesJson?.price
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title={[page.metaTitle, `${page.name} in Utah`, page.name]}
        description={page.metaDescription}
        keywords={page.keywords}
        pathname={path}
        jsonLd={[
          serviceLd(
            business,
            {
              name: page.name,
              serviceType: page.serviceType,
              description: page.metaDescription,
              path,
              offers: priceOfferLd(price, page.name),
            },
            data.allCountiesJson.nodes,
          ),
        ]}
      />
      <Hero
        title={page.headline}
        eyebrow={`${page.name} · Wasatch Front, Utah`}
        actions={<HeroActions />}
        note={nextStepLine(business)}
        image={image && { data: image, alt: `Illustration of ${lowerName}` }}
      >
        <p>{page.intro}</p>
      </Hero>
      <Section id="what-we-build" title={`${page.name}: what we build`}>
        <FeatureLists lists={page.featureLists} />
      </Section>
      <Prose sections={page.sections} />
      {price && (
        <Section id="price" title={`What ${lowerName} cost`}>
          <PriceGuide price={price} phrase={data.servicesJson?.phrase ?? lowerName} />
        </Section>
      )}
      <Section id="process" title={`How a ${lowerName} project runs`} muted>
        <ProcessSteps steps={page.process} />
        <WarrantyNote />
      </Section>
      <RecentWork
        title={`Recent ${lowerCaseWords(page.name)} projects`}
        projects={data.allProjectsJson.nodes}
        more={{ to: paths.projectsOfService(page.slug), label: `Every ${lowerCaseWords(page.name)} project` }}
      />
      <CallToAction
        title={`Ready to plan your ${lowerName} project?`}
        text={`Send your name and phone number below and we will call to set up a free on-site estimate, with a detailed written quote within ${business.quoteWithinHours} hours of the visit.`}
      />
      <EstimateSection reviewFocus={{ service: page.slug }} />
    </Layout>
  )
}

export const query = graphql`
  query ServicePage($slug: String!) {
    allProjectsJson(filter: { service: { slug: { eq: $slug } } }, sort: [{ finished: DESC }, { slug: ASC }], limit: 3) {
      nodes {
        ...ProjectCard
      }
    }
    servicePagesJson(slug: { eq: $slug }) {
      slug
      name
      headline
      intro
      metaTitle
      metaDescription
      keywords
      serviceType
      featureLists {
        heading
        items
      }
      sections {
        heading
        paragraphs
      }
      process {
        title
        description
      }
    }
    servicesJson(slug: { eq: $slug }) {
      ...ServiceIllustration
      phrase
      ...ServicePrice
    }
    allCountiesJson {
      nodes {
        ...ServedCounty
      }
    }
  }
`
