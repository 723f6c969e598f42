import { css } from "@emotion/react"
import { breakpoints, colors, fontWeights, radii, sizes, space } from "../styles/theme"
import { cardList } from "../styles/shared"

export interface ProcessStepsProps {
  steps: readonly { title: string; description: string }[]
}

const list = css`
  ${cardList};
  counter-reset: step;
  ${breakpoints.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${breakpoints.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`

const step = css`
  counter-increment: step;
  padding: ${space.lg};
  background: ${colors.paper};
  border-top: ${sizes.focusRing} solid ${colors.accent};
  border-radius: ${radii.md};
  &::before {
    content: counter(step);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: ${sizes.tapTarget};
    height: ${sizes.tapTarget};
    margin-bottom: ${space.sm};
    border-radius: ${radii.pill};
    background: ${colors.slate};
    color: ${colors.onSlate};
    font-weight: ${fontWeights.heavy};
  }
`

/** Numbered steps; the numbers come from the list order, so an ordered list states them to screen readers. */
export function ProcessSteps({ steps }: ProcessStepsProps) {
  return (
    <ol css={list}>
      {steps.map(item => (
        <li key={item.title} css={step}>
          <h3>{item.title}</h3>
          <p>{item.description}</p>
        </li>
      ))}
    </ol>
  )
}
