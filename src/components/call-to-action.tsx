import { css } from "@emotion/react"
import { CallLink } from "./call-link"
import { colors, space } from "../styles/theme"
import { band, container, primaryButton, sectionIntro } from "../styles/shared"
import { ESTIMATE_SECTION, sectionPath } from "../lib/paths"

export interface CallToActionProps {
  title: string
  text: string
}

const section = css`
  ${band};
  background: ${colors.slate};
  color: ${colors.onSlate};
  p {
    color: ${colors.onSlateMuted};
  }
`

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
  margin-top: ${space.lg};
`

/** The closing call to action: the estimate button goes to this page's form, the call button dials. */
export function CallToAction({ title, text }: CallToActionProps) {
  return (
    <section css={section} aria-labelledby="cta-title">
      <div css={container}>
        <h2 id="cta-title">{title}</h2>
        <p css={sectionIntro}>{text}</p>
        <div css={actions}>
          <a href={sectionPath(ESTIMATE_SECTION)} css={primaryButton}>
            Get Free Estimate
          </a>
          <CallLink variant="onSlate" />
        </div>
      </div>
    </section>
  )
}
