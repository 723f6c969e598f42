import { css } from "@emotion/react"
import { breakpoints, colors, radii, sizes, space } from "../styles/theme"
import { cardList } from "../styles/shared"
import { useBusiness } from "../hooks/use-business"
import { fillFacts } from "../lib/facts"

export interface ReasonsProps {
  reasons: readonly { title: string; description: string }[]
}

const list = css`
  ${cardList};
  ${breakpoints.md} {
    grid-template-columns: repeat(3, 1fr);
  }
  li {
    padding: ${space.lg};
    border-left: ${sizes.focusRing} solid ${colors.accent};
    background: ${colors.concrete};
    border-radius: ${radii.sm};
  }
`

export function Reasons({ reasons }: ReasonsProps) {
  const business = useBusiness()
  return (
    <ul css={list}>
      {reasons.map(reason => (
        <li key={reason.title}>
          <h3>{fillFacts(reason.title, business)}</h3>
          <p>{fillFacts(reason.description, business)}</p>
        </li>
      ))}
    </ul>
  )
}
