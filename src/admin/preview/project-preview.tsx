/*
 * A project: its page, with the service and the city resolved from the built page of the chosen city (which
 * lists every service), and each photo either as the build made it (when the published page already shows a
 * file of that name) or as the editor holds it: the media library's address of the upload, not yet resized.
 */
import type { PageProps } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import ProjectPage from "../../templates/project-page"
import { paths } from "../../lib/paths"
import { list, text, type AssetUrl, type PagePreview } from "./preview-kind"
import { builtPage, type BuiltPage } from "./site-data"

type ProjectData = Queries.ProjectPageQuery
type Project = NonNullable<ProjectData["projectsJson"]>
type Photo = Project["photos"][number]

interface ProjectBase {
  cityPage: BuiltPage<Queries.CityPageQuery>
  /** The project's published page, when it has one. */
  own?: BuiltPage<ProjectData>
}

const fileName = (address: string | undefined) =>
  address
    ?.split("/")
    .pop()
    ?.replace(/\.[^.]*$/, "")

/** The build's images of the published page, by the name of the file they were made from. */
function builtImages(own: BuiltPage<ProjectData> | undefined): Map<string, IGatsbyImageData> {
  const images = new Map<string, IGatsbyImageData>()
  for (const photo of own?.data.projectsJson?.photos ?? []) {
    const data = photo.image.childImageSharp?.gatsbyImageData
    const name = fileName(data?.images.fallback?.src)
    if (data && name) images.set(name, data)
  }
  return images
}

/** An uploaded photo as image data: one file, drawn at the column's width, its proportions from the file. */
const uploaded = (src: string): IGatsbyImageData => ({
  layout: "constrained",
  width: 4,
  height: 3,
  images: { fallback: { src }, sources: [] },
})

export const projectPreview: PagePreview<ProjectBase> = {
  key: ({ slug, data }) => JSON.stringify([slug, data.city]),
  load: async ({ slug, data }) => {
    const city = text(data.city)
    if (!city || !text(data.service)) return "Choose the project's service and city to see its page."
    const cityPage = await builtPage<Queries.CityPageQuery>(paths.city(city))
    if (!cityPage?.data.citiesJson) return "The chosen city has no page on the site yet; publish it first."
    // Only a project the site already shows has a page to read: the chosen city's page lists its county's
    // projects, so a new one asks for no page data that is not there.
    const published = cityPage.data.allProjectsJson.nodes.some(project => project.slug === slug)
    const own = published ? await builtPage<ProjectData>(paths.project(slug)) : undefined
    return { cityPage, own }
  },
  page: ({ cityPage, own }, { slug, data }, asset: AssetUrl) => {
    const city = cityPage.data.citiesJson as NonNullable<Queries.CityPageQuery["citiesJson"]>
    const service = cityPage.data.allServicesJson.nodes.find(each => each.slug === data.service)
    if (!service) throw new Error("the chosen service is not on the published site yet")
    const images = builtImages(own)
    const photos: Photo[] = list<{ image?: string; alt?: string; before?: boolean }>(data.photos)
      .filter(photo => photo.image)
      .map(photo => ({
        alt: text(photo.alt),
        before: Boolean(photo.before),
        image: {
          childImageSharp: {
            gatsbyImageData: images.get(fileName(photo.image) ?? "") ?? uploaded(asset(text(photo.image))),
          },
        },
      }))
    const project: Project = {
      slug: slug || "new-project",
      title: text(data.title),
      finished: text(data.finished),
      description: text(data.description),
      service: { ...service, page: service.page && { slug: service.page.slug } },
      city: { slug: city.slug, name: city.name, county: { slug: city.county.slug, name: city.county.name } },
      photos,
    }
    const props = {
      data: { projectsJson: project },
      location: { pathname: paths.project(project.slug) },
    } as PageProps<ProjectData>
    return { element: <ProjectPage {...props} />, staticData: (own ?? cityPage).staticData }
  },
}
