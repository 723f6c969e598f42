import { graphql, Link } from "gatsby"
import { css } from "@emotion/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { ReactNode } from "react"
import { breakpoints, colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"
import { container, primaryButton } from "../styles/shared"
import { ESTIMATE_SECTION, sectionPath } from "../lib/paths"
import { CallLink } from "./call-link"
import { ResponsiveImage } from "./responsive-image"

/** A 16:9 hero picture at the widths the hero draws it: 340, 680 and 1088 px. */
// AVIF at 48: sharp 0.35 makes files a little larger than 0.34 did at 50, which the home page's budget cannot
// take; at 48 they are 3 % smaller, 0.15 dB lower in PSNR (docs/deploying.md › Build-time packages).
export const query = graphql`
  fragment HeroImage on ImageSharp {
    gatsbyImageData(
      width: 680
      aspectRatio: 1.7778
      outputPixelDensities: [0.5, 1, 1.6]
      placeholder: NONE
      formats: [AUTO, AVIF, WEBP]
      avifOptions: { quality: 48 }
    )
  }

  fragment SiteHeroImage on Query {
    heroImage: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "hero.png" }) {
      childImageSharp {
        ...HeroImage
      }
    }
  }
`

/** The site's own hero picture (src/images/hero.png), which the home and estimate pages query with ...SiteHeroImage. */
export const siteHeroImage = (data: {
  heroImage: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null
}): HeroImage | null => {
  const image = data.heroImage?.childImageSharp?.gatsbyImageData
  return image
    ? {
        data: image,
        alt: "A new broom-finished concrete driveway, stamped patio and block retaining wall at a home below the Wasatch mountains",
      }
    : null
}

export interface HeroImage {
  data: IGatsbyImageData
  alt: string
}

export interface HeroProps {
  title: string
  /** A short line above the title, such as the area or the service. */
  eyebrow?: string
  children?: ReactNode
  actions?: ReactNode
  /** One line under the buttons: what happens after the visitor asks for an estimate. */
  note?: string
  image?: HeroImage | null
}

const section = css`
  background: ${colors.slate};
  color: ${colors.onSlate};
  overflow: hidden;
`

const grid = css`
  ${container};
  display: grid;
  gap: ${space.xl};
  align-items: center;
  padding-top: ${space.xxl};
  padding-bottom: ${space.xxl};
  ${breakpoints.lg} {
    grid-template-columns: 1.1fr 1fr;
    padding-top: ${space.xxxl};
    padding-bottom: ${space.xxxl};
  }
`

const eyebrowText = css`
  margin-bottom: ${space.xs};
  color: ${colors.accentOnSlate};
  font-size: ${fontSizes.small};
  font-weight: ${fontWeights.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`

const titleText = css`
  font-size: ${fontSizes.hero};
`

const lead = css`
  color: ${colors.onSlateMuted};
  font-size: ${fontSizes.lead};
  max-width: ${sizes.prose};
`

const picture = css`
  border-radius: ${radii.lg};
`

const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
  margin-top: ${space.lg};
`

const noteText = css`
  margin: ${space.sm} 0 0;
  color: ${colors.onSlateMuted};
  font-size: ${fontSizes.small};
`

/**
 * The hero's two ways to ask: the estimate form (further down this page by default, or `estimatePage`,
 * a page of its own) and the phone.
 */
export function HeroActions({ estimatePage }: { estimatePage?: string }) {
  return (
    <>
      {estimatePage ? (
        <Link to={estimatePage} css={primaryButton}>
          Get Free Estimate
        </Link>
      ) : (
        <a href={sectionPath(ESTIMATE_SECTION)} css={primaryButton}>
          Get Free Estimate
        </a>
      )}
      <CallLink variant="onSlate" />
    </>
  )
}

export function Hero({ title, eyebrow, children, actions, note, image }: HeroProps) {
  return (
    <section css={section} aria-labelledby="page-title">
      <div css={grid}>
        <div>
          {eyebrow && <p css={eyebrowText}>{eyebrow}</p>}
          <h1 id="page-title" css={titleText}>
            {title}
          </h1>
          {children && <div css={lead}>{children}</div>}
          {actions && <div css={actionRow}>{actions}</div>}
          {note && <p css={noteText}>{note}</p>}
        </div>
        {image && (
          // Beside the text on wide screens; below it on phones, where the text is the largest paint and
          // the image should not compete with it: fetched at once, but at low priority.
          <ResponsiveImage
            image={image.data}
            alt={image.alt}
            sizes="(min-width: 62em) 34rem, 92vw"
            loading="eager"
            fetchPriority="low"
            css={picture}
          />
        )}
      </div>
    </section>
  )
}
