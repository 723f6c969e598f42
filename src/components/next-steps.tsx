import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { colors, fontSizes, fontWeights, radii, shadows, sizes, space } from "../styles/theme"
import { CallLink } from "./call-link"
import { TrustStrip } from "./trust-strip"

export interface NextStepsProps {
  headingLevel?: 3 | 4
}

const panel = css`
  padding: ${space.lg};
  background: ${colors.paper};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.card};
  border-top: ${sizes.focusRing} solid ${colors.accent};
`

const title = css`
  font-size: ${fontSizes.h3};
`

const steps = css`
  margin: 0 0 ${space.lg};
  padding: 0;
  list-style: none;
  counter-reset: step;
  li {
    position: relative;
    padding-left: ${space.xl};
    margin-bottom: ${space.md};
    counter-increment: step;
  }
  li::before {
    content: counter(step);
    position: absolute;
    left: 0;
    top: 0;
    width: ${sizes.icon};
    height: ${sizes.icon};
    border-radius: ${radii.pill};
    background: ${colors.slate};
    color: ${colors.onSlate};
    font-size: ${fontSizes.small};
    font-weight: ${fontWeights.bold};
    line-height: ${sizes.icon};
    text-align: center;
  }
  strong {
    display: block;
  }
  span {
    display: block;
    color: ${colors.inkMuted};
    font-size: ${fontSizes.small};
  }
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

/** Beside the estimate form: what happens after the visitor sends it, the business's promises and the phone. */
export function NextSteps({ headingLevel = 3 }: NextStepsProps) {
  const { quoteWithinHours } = useBusiness()
  const Heading = `h${headingLevel}` as const
  return (
    <div css={panel}>
      <Heading id="next-steps-title" css={title}>
        What happens after you send it
      </Heading>
      <ol css={steps} aria-labelledby="next-steps-title">
        <li>
          <strong>We call you back</strong>
          <span>To hear about the project and set a time to visit.</span>
        </li>
        <li>
          <strong>We visit and measure, free</strong>
          <span>We check the grade, the soil and the drainage, and talk through finishes.</span>
        </li>
        <li>
          <strong>Your written quote within {quoteWithinHours} hours</strong>
          <span>Scope, slab thickness, mix, reinforcement, finish and schedule, line by line.</span>
        </li>
      </ol>
      <TrustStrip variant="list" />
      <div css={call}>
        <p>Rather talk it through now?</p>
        <CallLink />
      </div>
    </div>
  )
}
