import { css } from "@emotion/react"
import { colors, fontSizes, sizes, space } from "../styles/theme"
import { raisedCard } from "../styles/shared"
import { CallLink } from "./call-link"
import { TrustStrip } from "./trust-strip"
import { VisitSteps } from "./visit-steps"

export interface NextStepsProps {
  headingLevel?: 3 | 4
}

const panel = css`
  ${raisedCard}
  border-top: ${sizes.focusRing} solid ${colors.accent};
`

const title = css`
  font-size: ${fontSizes.h3};
`

const call = css`
  margin: ${space.lg} 0 0;
  padding-top: ${space.md};
  border-top: ${sizes.border} solid ${colors.line};
  p {
    margin-bottom: ${space.xs};
    font-size: ${fontSizes.small};
    color: ${colors.inkMuted};
  }
`

/** Beside the estimate form: what happens after the visitor sends it (VisitSteps), the business's promises and the phone. */
export function NextSteps({ headingLevel = 3 }: NextStepsProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div css={panel}>
      <Heading id="next-steps-title" css={title}>
        What happens after you send it
      </Heading>
      <VisitSteps labelledBy="next-steps-title" />
      <TrustStrip variant="list" />
      <div css={call}>
        <p>Rather talk it through now?</p>
        <CallLink />
      </div>
    </div>
  )
}
