import { css } from "@emotion/react"
import { breakpoints, colors, fontSizes, radii, sizes, space } from "../styles/theme"

export interface ReasonsProps {
  reasons: readonly { title: string; description: string }[]
}

const list = css`
  display: grid;
  gap: ${space.lg};
  list-style: none;
  margin: ${space.xl} 0 0;
  padding: 0;
  ${breakpoints.md} {
    grid-template-columns: repeat(3, 1fr);
  }
  li {
    padding: ${space.lg};
    border-left: ${sizes.focusRing} solid ${colors.accent};
    background: ${colors.concrete};
    border-radius: ${radii.sm};
  }
  h3 {
    font-size: ${fontSizes.h3};
    margin-bottom: ${space.xs};
  }
  p {
    margin: 0;
    color: ${colors.inkMuted};
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
