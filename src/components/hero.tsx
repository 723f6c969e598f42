import { graphql } from "gatsby"
import { css } from "@emotion/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { ReactNode } from "react"
import { breakpoints, colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"
import { container } from "../styles/shared"
import { ResponsiveImage } from "./responsive-image"

/** A 16:9 hero picture at the widths the hero draws it: 340, 680 and 1088 px. */
export const query = graphql`
  fragment HeroImage on ImageSharp {
    gatsbyImageData(
      width: 680
      aspectRatio: 1.7778
      outputPixelDensities: [0.5, 1, 1.6]
      placeholder: NONE
      formats: [AUTO, AVIF, WEBP]
    )
  }
`

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
