import type { ReactNode } from "react"
import { css, type SerializedStyles } from "@emotion/react"
import { breakpoints, space } from "../styles/theme"

export interface CardGridProps<Item extends { slug: string }> {
  items: readonly Item[]
  /** What one cell holds; the grid draws the list item around it. */
  children: (item: Item) => ReactNode
  /** Closer cells for cards of a line or two of text. */
  compact?: boolean
  /** Styles for the cells inside, added after the grid's own. */
  cells?: SerializedStyles
}

const grid = (gap: string, top: string) => css`
  display: grid;
  gap: ${gap};
  list-style: none;
  margin: ${top} 0 0;
  padding: 0;
  ${breakpoints.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${breakpoints.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`

const roomy = grid(space.lg, space.xl)
const close = grid(space.md, space.lg)

/** The one grid the card lists use: one column on phones, two on tablets, three from large screens. */
export function CardGrid<Item extends { slug: string }>({ items, children, compact, cells }: CardGridProps<Item>) {
  return (
    <ul css={[compact ? close : roomy, cells]}>
      {items.map(item => (
        <li key={item.slug}>{children(item)}</li>
      ))}
    </ul>
  )
}
