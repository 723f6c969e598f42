import { graphql, Link, type PageProps } from "gatsby"
import { css } from "@emotion/react"
import { EstimateSection } from "../components/estimate-section"
import { Hero } from "../components/hero"
import { Layout } from "../components/layout"
import { ProjectCards } from "../components/project-cards"
import { Seo } from "../components/seo"
import { newestFirst } from "../lib/proof"
import { paths } from "../lib/paths"
import { band, container } from "../styles/shared"
import { colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"

/** Which projects a page lists: every one, or one service's, or one county's. */
export interface ProjectsPageContext {
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

interface Choice {
  label: string
  to: string
  current: boolean
}

function FilterLinks({ id, title, choices }: { id: string; title: string; choices: Choice[] }) {
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

export default function ProjectsPage({
  data,
  location,
  pageContext,
}: PageProps<Queries.ProjectsPageQuery, ProjectsPageContext>) {
  const all = newestFirst(data.allProjectsJson.nodes)
  const { service, county } = pageContext
  const projects = all.filter(
    project => (!service || project.service.slug === service) && (!county || project.city.county.slug === county),
  )
  const serviceTitle = data.allServicesJson.nodes.find(each => each.slug === service)?.title
  const countyName = data.allCountiesJson.nodes.find(each => each.slug === county)?.name
  const count = (match: (project: (typeof all)[number]) => boolean) => all.filter(match).length
  const services = data.allServicesJson.nodes.filter(each => count(project => project.service.slug === each.slug) > 0)
  const counties = data.allCountiesJson.nodes.filter(
    each => count(project => project.city.county.slug === each.slug) > 0,
  )
  const title = serviceTitle ? `Our ${serviceTitle} Work` : countyName ? `Our Work in ${countyName}` : "Our Work"
  const path = service ? paths.projectsOfService(service) : county ? paths.projectsInCounty(county) : paths.projects
  return (
    <Layout
      pathname={location.pathname}
      crumbs={[
        { label: "Home", path: paths.home },
        ...(path === paths.projects ? [] : [{ label: "Our work", path: paths.projects }]),
        { label: serviceTitle ?? countyName ?? "Our work", path },
      ]}
    >
      <Seo
        title={[title, "Our Work"]}
        description={`Photos and notes from ${projects.length} concrete ${projects.length === 1 ? "job" : "jobs"} we finished${countyName ? ` in ${countyName}` : " across the Wasatch Front"}${serviceTitle ? `: ${serviceTitle.toLowerCase()}` : ""}, newest first.`}
        keywords={[
          "concrete projects Utah",
          "concrete contractor photos",
          ...(serviceTitle ? [`${serviceTitle} Utah`] : []),
        ]}
        pathname={path}
      />
      <Hero title={title} eyebrow="Finished jobs, newest first">
        <p>
          Each project is one of our own jobs, photographed when we finished it: what the customer asked for, what we
          built and how it turned out.
        </p>
      </Hero>
      <section css={band} aria-labelledby="projects-list">
        <div css={container}>
          <div css={filterBar}>
            <FilterLinks
              id="filter-service"
              title="By service"
              choices={[
                {
                  label: "All services",
                  to: county ? paths.projectsInCounty(county) : paths.projects,
                  current: !service,
                },
                ...services.map(each => ({
                  label: each.title,
                  to: paths.projectsOfService(each.slug),
                  current: each.slug === service,
                })),
              ]}
            />
            <FilterLinks
              id="filter-county"
              title="By county"
              choices={[
                {
                  label: "All counties",
                  to: service ? paths.projectsOfService(service) : paths.projects,
                  current: !county,
                },
                ...counties.map(each => ({
                  label: each.name,
                  to: paths.projectsInCounty(each.slug),
                  current: each.slug === county,
                })),
              ]}
            />
          </div>
          <h2 id="projects-list">
            {projects.length} {projects.length === 1 ? "project" : "projects"}
          </h2>
          <ProjectCards projects={projects} />
        </div>
      </section>
      <EstimateSection reviewFocus={{ service, county }} />
    </Layout>
  )
}

export const query = graphql`
  query ProjectsPage {
    allProjectsJson {
      nodes {
        ...ProjectCard
      }
    }
    allServicesJson {
      nodes {
        slug
        title
      }
    }
    allCountiesJson {
      nodes {
        slug
        name
      }
    }
  }
`
