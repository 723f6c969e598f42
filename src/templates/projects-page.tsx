import { graphql, type PageProps } from "gatsby"
import { EstimateSection } from "../components/estimate-section"
import { Hero } from "../components/hero"
import { Layout } from "../components/layout"
import { ProjectCards } from "../components/project-cards"
import { ProjectFilters } from "../components/project-filters"
import { Seo } from "../components/seo"
import { newestFirst } from "../lib/proof"
import { paths } from "../lib/paths"
import { band, container } from "../styles/shared"

/** Which projects a page lists: every one, or one service's, or one county's. */
export interface ProjectsPageContext {
  service?: string
  county?: string
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
          <ProjectFilters services={services} counties={counties} service={service} county={county} path={path} />
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
