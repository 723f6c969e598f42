import { css } from "@emotion/react"
import { sizes } from "../styles/theme"
import { band, container } from "../styles/shared"

export interface ProseProps {
  sections: readonly { heading: string; paragraphs: readonly string[] }[]
}

const column = css`
  ${container};
  max-width: ${sizes.prose};
`

/** Long-form copy: one heading and its paragraphs per section, set at a readable measure. */
export function Prose({ sections }: ProseProps) {
  return (
    <div css={band}>
      <div css={column}>
        {sections.map(section => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map(paragraph => (
              <p key={paragraph.slice(0, 48)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </div>
  )
}
