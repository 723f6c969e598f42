import { css } from "@emotion/react"
import type { ReactNode } from "react"
import { breakpoints, colors, fontSizes, fontWeights, sizes, space } from "../styles/theme"
import { container } from "../styles/shared"

export interface HeroProps {
  title: string
  /** A short line above the title, such as the area or the service. */
  eyebrow?: string
  children?: ReactNode
  actions?: ReactNode
  image?: ReactNode
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

const actionRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
  margin-top: ${space.lg};
`

export function Hero({ title, eyebrow, children, actions, image }: HeroProps) {
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
        </div>
        {image}
      </div>
    </section>
  )
}
