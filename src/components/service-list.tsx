import { graphql, Link } from "gatsby"
import { css } from "@emotion/react"
import { breakpoints, colors, fontSizes, fontWeights, radii, shadows, sizes, space } from "../styles/theme"

/** What the pages that list the services ask of each: names, features and its page, for links and copy. */
export const query = graphql`
  fragment ServiceSummary on ServicesJson {
    slug
    title
    phrase
    features
    page {
      slug
      serviceType
    }
  }
`

export interface ServiceListItem {
  slug: string
  title: string
  /** One line under the title. */
  line: string
  /** The service page, when the service has one. */
  to: string | null
}

export interface ServiceListProps {
  services: readonly ServiceListItem[]
}

const grid = css`
  display: grid;
  gap: ${space.md};
  list-style: none;
  margin: ${space.lg} 0 0;
  padding: 0;
  ${breakpoints.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${breakpoints.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`

const card = css`
  position: relative;
  padding: ${space.md} ${space.lg};
  background: ${colors.paper};
  border: ${sizes.border} solid ${colors.line};
  border-left: ${sizes.focusRing} solid ${colors.accent};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  h3 {
    margin: 0 0 ${space.xxs};
    font-size: ${fontSizes.h4};
    font-weight: ${fontWeights.bold};
  }
  p {
    margin: 0;
    color: ${colors.inkMuted};
    font-size: ${fontSizes.small};
  }
  /* The whole card is the link's target, so a thumb anywhere on it opens the service. */
  a::after {
    content: "";
    position: absolute;
    inset: 0;
  }
`

/** The services as cards with one line each, linking to their pages. */
export function ServiceList({ services }: ServiceListProps) {
  return (
    <ul css={grid}>
      {services.map(service => (
        <li key={service.slug} css={card}>
          <h3>{service.to ? <Link to={service.to}>{service.title}</Link> : service.title}</h3>
          <p>{service.line}</p>
        </li>
      ))}
    </ul>
  )
}
