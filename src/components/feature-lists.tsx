import { css } from "@emotion/react"
import { breakpoints, fontSizes, space } from "../styles/theme"
import { raisedCard } from "../styles/shared"

export interface FeatureListsProps {
  lists: readonly { heading: string; items: readonly string[] }[]
}

const grid = css`
  display: grid;
  gap: ${space.lg};
  margin-top: ${space.lg};
  ${breakpoints.md} {
    grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  }
`

const card = css`
  ${raisedCard}
  h3 {
    font-size: ${fontSizes.h3};
  }
  ul {
    margin: 0;
    padding-left: ${space.lg};
  }
  li + li {
    margin-top: ${space.xs};
  }
`

export function FeatureLists({ lists }: FeatureListsProps) {
  return (
    <div css={grid}>
      {lists.map(list => (
        <div key={list.heading} css={card}>
          <h3>{list.heading}</h3>
          <ul>
            {list.items.map(item => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}
