import { graphql, Link } from "gatsby"
import { css } from "@emotion/react"
import { CardGrid } from "./card-grid"
import { ResponsiveImage } from "./responsive-image"
import { dateLabel } from "../lib/proof"
import { paths } from "../lib/paths"
import { colors, fontSizes, radii, space } from "../styles/theme"

/**
 * A project as its card shows it: its cover photo (the first after the work, or the first), 4:3, at 680 px in
 * AVIF with a JPEG for browsers without it: the one file Chromium fetched for a card at 390 px (pixel ratio 1
 * to 3) and 1280 px (docs/performance.md › Photos), so a job's card costs two encodes. ProjectPlace is where the
 * job was, as the cards and the project's page both name it.
 */
export const query = graphql`
  fragment ProjectPlace on ProjectsJson {
    city {
      slug
      name
      county {
        slug
        name
      }
    }
  }

  fragment ProjectCard on ProjectsJson {
    slug
    title
    finished
    featured
    service {
      slug
      title
    }
    ...ProjectPlace
    cover {
      alt
      image {
        childImageSharp {
          gatsbyImageData(
            width: 680
            aspectRatio: 1.3333
            outputPixelDensities: [1]
            placeholder: NONE
            formats: [AUTO, AVIF]
          )
        }
      }
    }
  }
`

export type ProjectCardData = Queries.ProjectCardFragment

const card = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${colors.paper};
  border: 1px solid ${colors.line};
  border-radius: ${radii.md};
  overflow: hidden;
  h3 {
    margin: ${space.md} ${space.lg} ${space.xxs};
    font-size: ${fontSizes.h3};
  }
  /* A title over two lines stays one box, so the whole of it is the link. */
  h3 a {
    display: inline-block;
  }
  p {
    margin: 0 ${space.lg} ${space.lg};
    color: ${colors.inkMuted};
    font-size: ${fontSizes.small};
  }
`

/** Finished jobs as cards: a photo, the title linking to the project's page, where, what and when. */
export function ProjectCards({ projects }: { projects: readonly ProjectCardData[] }) {
  return (
    <CardGrid items={projects}>
      {project => {
        const { cover } = project
        const image = cover.image.childImageSharp?.gatsbyImageData
        return (
          <article css={card}>
            {image && (
              <ResponsiveImage
                image={image}
                alt={cover.alt}
                sizes="(min-width: 62em) 22rem, (min-width: 48em) 45vw, 92vw"
              />
            )}
            <h3>
              <Link to={paths.project(project.slug)}>{project.title}</Link>
            </h3>
            <p>
              {project.service.title} · {project.city.name} ·{" "}
              <time dateTime={project.finished}>{dateLabel(project.finished)}</time>
            </p>
          </article>
        )
      }}
    </CardGrid>
  )
}
