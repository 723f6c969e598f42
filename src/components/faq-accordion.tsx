import { css, keyframes } from "@emotion/react"
import { useId, useState } from "react"
import { colors, fontSizes, fontWeights, motion, radii, scripting, sizes, space } from "../styles/theme"

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
  width: 100%;
  min-height: ${sizes.tapTarget};
  padding: ${space.md};
  background: none;
  border: 0;
  border-radius: ${radii.md};
  color: ${colors.ink};
  font: inherit;
  font-weight: ${fontWeights.bold};
  text-align: left;
  cursor: pointer;
  &::after {
    content: "+";
    flex: none;
    font-size: ${fontSizes.h3};
    color: ${colors.accentText};
  }
  &[aria-expanded="true"]::after {
    content: "−";
  }
  &:hover {
    color: ${colors.accentText};
  }
  ${scripting.none} {
    cursor: auto;
    &::after {
      content: none;
    }
  }
`

const answer = css`
  padding: 0 ${space.md} ${space.md};
  color: ${colors.inkMuted};
  p {
    margin: 0;
  }
  /* Without scripts the buttons cannot open anything, so every answer shows, as it will be once opened:
     nothing moves when the page hydrates with scripts on. */
  ${scripting.none} {
    &[hidden] {
      display: block;
    }
  }
`

/** Questions as buttons that show one answer at a time; clicking the open question closes it. */
export function FaqAccordion({ items }: FaqAccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const baseId = useId()
  return (
    <ul css={list}>
      {items.map((faq, index) => {
        const open = openIndex === index
        const buttonId = `${baseId}-q${index}`
        const panelId = `${baseId}-a${index}`
        return (
          <li key={faq.question} css={[item, css({ animationDelay: `${index * STAGGER_SECONDS}s` })]}>
            <h3>
              <button
                id={buttonId}
                type="button"
                css={question}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                {faq.question}
              </button>
            </h3>
            <section id={panelId} aria-labelledby={buttonId} css={answer} hidden={!open}>
              <p>{faq.answer}</p>
            </section>
          </li>
        )
      })}
    </ul>
  )
}
