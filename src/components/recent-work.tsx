import { css } from "@emotion/react"
import { Link } from "gatsby"
import { space } from "../styles/theme"
import { ProjectCards, type ProjectCardData } from "./project-cards"
import { Section } from "./section"

export interface RecentWorkProps {
  title: string
  intro?: string
  /** Newest first; the section shows the first three. */
  projects: readonly ProjectCardData[]
  /** Where the rest of these projects are listed. */
  more: { to: string; label: string }
  muted?: boolean
}

const SHOWN = 3

// Clear of the cards above it, so the link reads as the section's way on and not as part of the last card.
const moreLink = css`
  margin-top: ${space.lg};
`

/** A few of the business's own jobs; nothing at all (no heading) when there are none. */
export function RecentWork({ title, intro, projects, more, muted }: RecentWorkProps) {
  if (projects.length === 0) return null
  return (
    <Section id="recent-work" title={title} intro={intro} muted={muted}>
      <ProjectCards projects={projects.slice(0, SHOWN)} />
      <p css={moreLink}>
        <Link to={more.to}>{more.label}</Link>
      </p>
    </Section>
  )
}
