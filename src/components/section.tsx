import type { ReactNode } from "react"
import { band, bandMuted, container, sectionIntro } from "../styles/shared"

export interface SectionProps {
  id: string
  title: string
  intro?: string
  /** The concrete-grey band, to set a section apart from its neighbours. */
  muted?: boolean
  children: ReactNode
}

/** A titled band of the page; its id is the anchor that links such as /#faq land on. */
export function Section({ id, title, intro, muted = false, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} css={muted ? bandMuted : band}>
      <div css={container}>
        <h2 id={`${id}-title`}>{title}</h2>
        {intro && <p css={sectionIntro}>{intro}</p>}
        {children}
      </div>
    </section>
  )
}
