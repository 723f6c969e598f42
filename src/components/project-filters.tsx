import { Link } from "gatsby"
import { css } from "@emotion/react"
import { paths } from "../lib/paths"
import { colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"
import { bareList } from "../styles/shared"

export interface ProjectFiltersProps {
  /** The services and counties that have at least one project. */
  services: readonly { slug: string; title: string }[]
  counties: readonly { slug: string; name: string }[]
  /** The page's own filter, when it has one. */
  service?: string
  county?: string
  /** The page's own path. */
  path: string
}

const filterBar = css`
  display: grid;
  gap: ${space.sm};
  h2 {
    font-size: ${fontSizes.h4};
    margin: 0;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${space.xs};
    ${bareList}
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${sizes.tapTarget};
    padding: 0 ${space.md};
    border: ${sizes.border} solid ${colors.lineStrong};
    border-radius: ${radii.pill};
    color: ${colors.ink};
    text-decoration: none;
  }
  a[aria-current="page"] {
    background: ${colors.slate};
    border-color: ${colors.slate};
    color: ${colors.onSlate};
    font-weight: ${fontWeights.bold};
  }
`

interface FilterLinksProps {
  id: string
  title: string
  links: { label: string; to: string }[]
  /** The page's own path: its link is marked as the current page. */
  current: string
}

function FilterLinks({ id, title, links, current }: FilterLinksProps) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map(link => (
          <li key={link.to}>
            <Link to={link.to} aria-current={link.to === current ? "page" : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The projects list's two filters, by service and by county. A page filters by one at the most, so its path
 * marks the current link; each "All" link keeps the other filter.
 */
export function ProjectFilters({ services, counties, service, county, path }: ProjectFiltersProps) {
  const serviceLinks = [
    { label: "All services", to: county ? paths.projectsInCounty(county) : paths.projects },
    ...services.map(each => ({ label: each.title, to: paths.projectsOfService(each.slug) })),
  ]
  const countyLinks = [
    { label: "All counties", to: service ? paths.projectsOfService(service) : paths.projects },
    ...counties.map(each => ({ label: each.name, to: paths.projectsInCounty(each.slug) })),
  ]
  return (
    <div css={filterBar}>
      <FilterLinks id="filter-service" title="By service" links={serviceLinks} current={path} />
      <FilterLinks id="filter-county" title="By county" links={countyLinks} current={path} />
    </div>
  )
}
