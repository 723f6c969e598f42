import { css, keyframes } from "@emotion/react"
import { useId } from "react"
import { colors, fontSizes, fontWeights, motion, radii, sizes, space } from "../styles/theme"

export interface FaqItem {
  question: string
  answer: string
}

export interface FaqAccordionProps {
  items: readonly FaqItem[]
}

/** Each item starts its entrance this much later than the one before it. */
export const STAGGER_SECONDS = 0.1

const rise = keyframes`
  from { opacity: 0; transform: translateY(0.75rem); }
  to { opacity: 1; transform: none; }
`

const list = css`
  margin: ${space.xl} 0 0;
  padding: 0;
  list-style: none;
  max-width: ${sizes.prose};
`

/**
 * Each item's delay, by its place in the list: the items share one class, so the page carries their rules and
 * the entrance's @keyframes once, not once per question.
 */
const staggered = (count: number) =>
  css(
    Array.from({ length: count }, (_, index) => ({
      [`& > li:nth-of-type(${index + 1})`]: { animationDelay: `${Number((index * STAGGER_SECONDS).toFixed(3))}s` },
    })),
  )

const item = css`
  margin-bottom: ${space.sm};
  background: ${colors.paper};
  border: ${sizes.border} solid ${colors.line};
  border-radius: ${radii.md};
  animation: ${rise} 0.4s ease-out both;
  h3 {
    margin: 0;
    font-size: ${fontSizes.body};
  }
  ${motion.reduce} {
    animation: none;
  }
`

const question = css`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${space.md};
  min-height: ${sizes.tapTarget};
  padding: ${space.md};
  border-radius: ${radii.md};
  color: ${colors.ink};
  font-weight: ${fontWeights.bold};
  cursor: pointer;
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }
  &::after {
    content: "+";
    flex: none;
    font-size: ${fontSizes.h3};
    color: ${colors.accentText};
  }
  details[open] > &::after {
    content: "−";
  }
  &:hover {
    color: ${colors.accentText};
  }
`

const answer = css`
  padding: 0 ${space.md} ${space.md};
  color: ${colors.inkMuted};
  p {
    margin: 0;
  }
`

/**
 * Each question a native disclosure (<details>), so it opens with or without the page's code, before it loads
 * and if it never does. The items share a name, so the browser keeps one answer open at a time; clicking the
 * open question closes it.
 */
export function FaqAccordion({ items }: FaqAccordionProps) {
  const group = useId()
  return (
    <ul css={[list, staggered(items.length)]}>
      {items.map(faq => (
        <li key={faq.question} css={item}>
          <details name={group}>
            <summary css={question}>
              <h3>{faq.question}</h3>
            </summary>
            <div css={answer}>
              <p>{faq.answer}</p>
            </div>
          </details>
        </li>
      ))}
    </ul>
  )
}
