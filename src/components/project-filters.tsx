import { Link } from "gatsby"
import { css } from "@emotion/react"
import { paths } from "../lib/paths"
import { colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"

export interface ProjectFiltersProps {
  /** The services and counties that have at least one project. */
  services: readonly { slug: string; title: string }[]
  counties: readonly { slug: string; name: string }[]
  /** The page's own filter, when it has one. */
  service?: string
  county?: string
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
    list-style: none;
    margin: 0;
    padding: 0;
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

interface Option {
  slug: string
  label: string
}

interface FilterLinksProps {
  id: string
  title: string
  /** The link that lifts this filter, keeping the other. */
  all: { label: string; to: string }
  options: Option[]
  current?: string
  pathOf: (slug: string) => string
}

function FilterLinks({ id, title, all, options, current, pathOf }: FilterLinksProps) {
  const choices = [
    { ...all, current: !current },
    ...options.map(option => ({ label: option.label, to: pathOf(option.slug), current: option.slug === current })),
  ]
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {choices.map(choice => (
          <li key={choice.to}>
            <Link to={choice.to} aria-current={choice.current ? "page" : undefined}>
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The projects list's two filters, by service and by county; each keeps the other when it changes. */
export function ProjectFilters({ services, counties, service, county }: ProjectFiltersProps) {
  return (
    <div css={filterBar}>
      <FilterLinks
        id="filter-service"
        title="By service"
        all={{ label: "All services", to: county ? paths.projectsInCounty(county) : paths.projects }}
        options={services.map(each => ({ slug: each.slug, label: each.title }))}
        current={service}
        pathOf={paths.projectsOfService}
      />
      <FilterLinks
        id="filter-county"
        title="By county"
        all={{ label: "All counties", to: service ? paths.projectsOfService(service) : paths.projects }}
        options={counties.map(each => ({ slug: each.slug, label: each.name }))}
        current={county}
        pathOf={paths.projectsInCounty}
      />
    </div>
  )
}
