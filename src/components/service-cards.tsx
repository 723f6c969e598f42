import { graphql, Link } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { css } from "@emotion/react"
import { CardGrid } from "./card-grid"
import { ResponsiveImage } from "./responsive-image"
import { lowerCaseWords } from "../lib/text"
import { priceShortLine, type PriceRange } from "../lib/price"
import { colors, fontSizes, fontWeights, radii, shadows, space } from "../styles/theme"

/**
 * A service's illustration as the site makes it: 680 px wide at 1.6:1, in AVIF, WebP and the original
 * format. The cards here and the service page's hero show the same files.
 */
// AVIF at 48: sharp 0.35 makes files a little larger than 0.34 did at 50, which the home page's budget cannot
// take; at 48 they are 3 % smaller, 0.15 dB lower in PSNR (docs/deploying.md › Build-time packages).
export const query = graphql`
  fragment ServiceIllustration on ServicesJson {
    image {
      childImageSharp {
        gatsbyImageData(
          width: 680
          aspectRatio: 1.6
          outputPixelDensities: [0.5, 1, 1.2]
          placeholder: NONE
          formats: [AUTO, AVIF, WEBP]
          avifOptions: { quality: 48 }
        )
      }
    }
  }
`

export interface ServiceCard {
  slug: string
  title: string
  description: string
  features: readonly string[]
  /** The owner's range for recent jobs, when set: a short line under the features. */
  price?: PriceRange | null
  image: IGatsbyImageData | null
  /** The service's own page, when it has one. */
  to: string | null
}

export interface ServiceCardsProps {
  services: readonly ServiceCard[]
  headingLevel?: 2 | 3
}

const card = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${colors.paper};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.card};
  overflow: hidden;
`

const body = css`
  display: flex;
  flex-direction: column;
  flex: 1;
  padding: ${space.lg};
  h2,
  h3 {
    font-size: ${fontSizes.h3};
    margin-bottom: ${space.xs};
  }
  p {
    color: ${colors.inkMuted};
  }
  ul {
    margin: 0 0 ${space.md};
    padding-left: ${space.lg};
  }
`

const priceLine = css`
  font-weight: ${fontWeights.semibold};
`

const more = css`
  margin-top: auto;
  font-weight: ${fontWeights.bold};
`

export function ServiceCards({ services, headingLevel = 3 }: ServiceCardsProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3"
  return (
    <CardGrid items={services}>
      {service => (
        <article css={card}>
          {service.image && (
            <ResponsiveImage
              image={service.image}
              alt={`Illustration of ${lowerCaseWords(service.title)}`}
              sizes="(min-width: 62em) 22rem, (min-width: 48em) 45vw, 92vw"
            />
          )}
          <div css={body}>
            <Heading>{service.title}</Heading>
            <p>{service.description}</p>
            <ul>
              {service.features.map(feature => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            {service.price && <p css={priceLine}>{priceShortLine(service.price)}</p>}
            {service.to && (
              <Link to={service.to} css={more}>
                More about {lowerCaseWords(service.title)}
              </Link>
            )}
          </div>
        </article>
      )}
    </CardGrid>
  )
}
