import type { ReactNode } from "react"
import { css } from "@emotion/react"
import { colors, fontSizes, sizes, space } from "../styles/theme"
import { band, container } from "../styles/shared"

export interface PolicyPageProps {
  title: string
  /** The date the owner set in data/business.json, written like 2026-12-01; absent in a preview. */
  date?: string | null
  /** What the date is; a page without one (the warranty) shows no date line. */
  dateLabel?: string
  children: ReactNode
}

const column = css`
  ${container};
  max-width: ${sizes.prose};
  h2 {
    margin-top: ${space.xl};
  }
  li + li {
    margin-top: ${space.xs};
  }
`

const dated = css`
  color: ${colors.inkMuted};
  font-size: ${fontSizes.small};
`

/** "2026-12-01" → "December 1, 2026", read as the calendar date it names, whatever the time zone. */
export const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  })

/** A page of plain text the business stands behind: its title, its date, then its sections. */
export function PolicyPage({ title, date, dateLabel, children }: PolicyPageProps) {
  return (
    <div css={band}>
      <article css={column}>
        <h1>{title}</h1>
        {dateLabel && (
          <p css={dated}>
            {dateLabel}: {date ? <time dateTime={date}>{longDate(date)}</time> : "not yet set (this is a preview)"}
          </p>
        )}
        {children}
      </article>
    </div>
  )
}
