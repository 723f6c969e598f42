import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { textHref } from "../lib/urls"
import { quoteLine, visitLine } from "../lib/visit"
import { colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"

export interface VisitStepsProps {
  /** The id of the heading that names the list. */
  labelledBy: string
}

const steps = css`
  margin: 0 0 ${space.md};
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

const byText = css`
  margin: 0 0 ${space.lg};
  font-size: ${fontSizes.small};
  a {
    display: inline-block;
    padding: ${space.xxs} 0;
    font-weight: ${fontWeights.semibold};
  }
`

/**
 * What happens after a visitor asks for an estimate, from data/business.json: the call back, the free visit
 * (who comes and how long it takes once the owner has said), the written quote within quoteWithinHours, and
 * the visit asked for by text message instead.
 */
export function VisitSteps({ labelledBy }: VisitStepsProps) {
  const { phone, quoteWithinHours, visit } = useBusiness()
  return (
    <>
      <ol css={steps} aria-labelledby={labelledBy}>
        <li>
          <strong>We call you back</strong>
          <span>To hear about the project and set a time to visit.</span>
        </li>
        <li>
          <strong>We visit and measure, free</strong>
          <span>{visitLine(visit)}</span>
        </li>
        <li>
          <strong>Your written quote within {quoteWithinHours} hours</strong>
          <span>{quoteLine(visit)}</span>
        </li>
      </ol>
      <p css={byText}>
        Rather book the visit by text? <a href={textHref(phone, visit.textMessage)}>Text us to set a time</a>
      </p>
    </>
  )
}
