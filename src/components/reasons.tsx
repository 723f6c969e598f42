import { css } from "@emotion/react"
import { breakpoints, colors, radii, sizes, space } from "../styles/theme"
import { cardList } from "../styles/shared"

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
  return (
    <ul css={list}>
      {reasons.map(reason => (
        <li key={reason.title}>
          <h3>{reason.title}</h3>
          <p>{reason.description}</p>
        </li>
      ))}
    </ul>
  )
}
