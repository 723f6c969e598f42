import { graphql, Link, type PageProps } from "gatsby"
import { css } from "@emotion/react"
import { EstimateSection } from "../components/estimate-section"
import { Layout } from "../components/layout"
import { ResponsiveImage } from "../components/responsive-image"
import { Seo } from "../components/seo"
import { dateLabel } from "../lib/proof"
import { paths } from "../lib/paths"
import { lowerCaseWords } from "../lib/text"
import { band, bareList, container, sectionIntro } from "../styles/shared"
import { breakpoints, colors, fontSizes, radii, sizes, space } from "../styles/theme"

/** Links side by side where they fit, each a whole tap target that never breaks over two lines. */
const moreLinks = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${space.lg};
  list-style: none;
  margin: ${space.md} 0 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${sizes.tapTarget};
  }
`

const header = css`
  ${container};
  padding-top: ${space.xl};
  p {
    color: ${colors.inkMuted};
  }
`

const pair = css`
  display: grid;
  gap: ${space.md};
  margin: 0 0 ${space.xl};
  ${breakpoints.md} {
    grid-template-columns: 1fr 1fr;
  }
`

const gallery = css`
  display: grid;
  gap: ${space.md};
  ${bareList}
  ${breakpoints.md} {
    grid-template-columns: 1fr 1fr;
  }
`

const photo = css`
  margin: 0;
  a {
    display: block;
    border-radius: ${radii.md};
  }
  a:focus-visible {
    outline: ${sizes.focusRing} solid ${colors.focus};
    outline-offset: 2px;
  }
  picture {
    border-radius: ${radii.md};
  }
  figcaption {
    margin-top: ${space.xxs};
    color: ${colors.inkMuted};
    font-size: ${fontSizes.small};
  }
`

type Photo = NonNullable<Queries.ProjectPageQuery["projectsJson"]>["photos"][number]

const SIZES = "(min-width: 70em) 34rem, (min-width: 48em) 46vw, 92vw"

/** A photo as large as the column, linked to its largest rendition for a closer look on a phone. */
function ProjectPhoto({ photo: { image, alt }, caption, eager }: { photo: Photo; caption?: string; eager?: boolean }) {
  const data = image.childImageSharp?.gatsbyImageData
  if (!data) return null
  const largest = data.images.fallback?.srcSet?.split(",").pop()?.trim().split(" ")[0] ?? data.images.fallback?.src
  return (
    <figure css={photo}>
      <a href={largest}>
        <ResponsiveImage image={data} alt={alt} sizes={SIZES} loading={eager ? "eager" : "lazy"} />
      </a>
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  )
}

export default function ProjectPage({ data, location }: PageProps<Queries.ProjectPageQuery>) {
  const project = data.projectsJson
  if (!project) throw new Error(`No project for ${location.pathname}`)
  const { service, city } = project
  const befores = project.photos.filter(each => each.before)
  const afters = project.photos.filter(each => !each.before)
  // The first photo from before the work beside the first from after it; the rest below, in the owner's order.
  const paired = befores.length > 0 && afters.length > 0 ? [befores[0], afters[0]] : []
  const rest = project.photos.filter(each => !paired.includes(each))
  const path = paths.project(project.slug)
  return (
    <Layout
      pathname={location.pathname}
      crumbs={[
        { label: "Home", path: paths.home },
        { label: "Our work", path: paths.projects },
        { label: project.title, path },
      ]}
    >
      <Seo
        title={[`${project.title} in ${city.name}`, project.title]}
        description={`${project.title}: ${service.phrase} in ${city.name}, ${city.county.name}, finished ${dateLabel(project.finished)}. ${project.description}`.slice(
          0,
          300,
        )}
        keywords={[`${service.title} ${city.name}`, `concrete contractor ${city.name}`]}
        pathname={path}
      />
      <div css={header}>
        <h1 id="page-title">{project.title}</h1>
        <p>
          {service.page ? <Link to={paths.service(service.page.slug)}>{service.title}</Link> : service.title} in{" "}
          <Link to={paths.city(city.slug)}>{city.name}</Link>, {city.county.name} · finished{" "}
          <time dateTime={project.finished}>{dateLabel(project.finished)}</time>
        </p>
      </div>
      <section css={band} aria-labelledby="project-photos">
        <div css={container}>
          <h2 id="project-photos">Photos</h2>
          {paired.length > 0 && (
            <div css={pair} role="group" aria-label="Before and after">
              <ProjectPhoto photo={paired[0]} caption="Before" eager />
              <ProjectPhoto photo={paired[1]} caption="After" eager />
            </div>
          )}
          {rest.length > 0 && (
            <ul css={gallery}>
              {rest.map((each, index) => (
                <li key={each.image.childImageSharp?.gatsbyImageData.images.fallback?.src ?? index}>
                  <ProjectPhoto
                    photo={each}
                    caption={each.before ? "Before" : undefined}
                    eager={paired.length === 0 && index === 0}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section css={band} aria-labelledby="project-work">
        <div css={container}>
          <h2 id="project-work">The work</h2>
          <p css={sectionIntro}>{project.description}</p>
          <nav aria-label="More of our work">
            <ul css={moreLinks}>
              <li>
                <Link to={paths.projectsOfService(service.slug)}>More {lowerCaseWords(service.title)} projects</Link>
              </li>
              <li>
                <Link to={paths.projectsInCounty(city.county.slug)}>More projects in {city.county.name}</Link>
              </li>
              <li>
                <Link to={paths.projects}>All our work</Link>
              </li>
            </ul>
          </nav>
        </div>
      </section>
      <EstimateSection
        title={`Planning something like this in ${city.name}?`}
        reviewFocus={{ service: service.slug, city: city.slug, county: city.county.slug }}
      />
    </Layout>
  )
}

// Each photo at 704 and 1100 px, AVIF with a JPEG for browsers without it (and the 1100 px JPEG for the link):
// the files Chromium fetched at 390 px (pixel ratio 1: 704; 2 and 3: 1100) and 1280 px (704; 1100 at 2).
// Every file here is made once per photo the owner adds (docs/performance.md › Photos).
export const query = graphql`
  query ProjectPage($slug: String!) {
    projectsJson(slug: { eq: $slug }) {
      slug
      title
      finished
      description
      service {
        slug
        title
        phrase
        page {
          slug
        }
      }
      ...ProjectPlace
      photos {
        alt
        before
        image {
          childImageSharp {
            gatsbyImageData(width: 704, outputPixelDensities: [1.5625], placeholder: NONE, formats: [AUTO, AVIF])
          }
        }
      }
    }
  }
`
