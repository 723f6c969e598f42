/*
 * A finished job, one file per project in data/projects/<slug>.json: the file's name is the project page's
 * address, /projects/<slug>/. Its photos live in src/images/projects/, where the content manager saves them.
 */
import type { FolderType } from "../declaration"
import { fileSlug, misnamed } from "../entry"
import { PATTERNS } from "../patterns"
import { PHOTO_MAX_WIDTH } from "../photo-upload"
import { entry, flag, group, list, paragraph, ref, text } from "../schema-builders"

/** Photos of a project: what the project page and its cards show, at most 12. */
export const MAX_PROJECT_PHOTOS = 12

/** The addresses under /projects/ that the projects' filters take. */
const FILTERS = ["service", "county"]

export const projects: FolderType = {
  folder: "projects/",
  noun: "project",
  display: "title",
  required: false,
  schema: entry("ProjectsJson", {
    // The page title adds the city when it fits, and the business name; search results cut titles at about 60 characters.
    title: text({ maxLength: 46, hint: "a short title, like Stamped patio and fire-pit pad" }),
    service: ref("ServicesJson"),
    city: ref("CitiesJson"),
    finished: text(PATTERNS.month),
    description: paragraph(),
    photos: list(
      group(
        "ProjectPhoto",
        {
          image: text({ ...PATTERNS.photo, photo: true, graphql: 'File! @link(by: "relativePath")' }),
          alt: text({ maxLength: 200, hint: "what the photo shows, for visitors who cannot see it" }),
          before: flag(),
        },
        { inList: true },
      ),
      1,
      MAX_PROJECT_PHOTOS,
    ),
    featured: flag(),
  }).typeError("must be a JSON object"),
  check: entries =>
    entries.flatMap(item => {
      const wrong = misnamed(item)
      if (wrong.length > 0 || !FILTERS.includes(fileSlug(item.file))) return wrong
      const message = `"${fileSlug(item.file)}" is the address of the projects' filters; rename the file`
      return [{ file: item.file, entry: item.entry, field: "(file name)", message }]
    }),
  // The photo a card shows, so that a card's query carries one photo rather than all twelve.
  computed: {
    cover: {
      type: "ProjectPhoto!",
      resolve: source => {
        const photos = source.photos as { before?: boolean }[]
        return photos.find(photo => !photo.before) ?? photos[0]
      },
    },
  },
  editor: {
    label: "Projects (our work)",
    preview: true,
    labels: { alt: "What the photo shows", before: "Taken before the work", finished: "Month finished" },
    collection: {
      label_singular: "Project",
      identifier_field: "title",
      // The file's name is the project page's address: /projects/<title in lower case with hyphens>.
      slug: "{{slug}}",
      summary: "{{title}} ({{finished}})",
      sortable_fields: ["title", "finished"],
      // Inside the folder the image pipeline reads (src/images), named as the photo's pattern expects.
      media_folder: "/src/images/projects",
      public_folder: "projects",
    },
    hints: {
      title: "A short title, like Stamped patio and fire-pit pad. It also names the page's address.",
      finished: "The month the job was finished, written like 2026-09.",
      description:
        "A few sentences on what was done: the size, the finish, the problem it solved. No customer's name or " +
        "address without their consent.",
      photos:
        "1 to 12 photos of this job, straight from the phone or the camera (JPEG, PNG, WebP or AVIF). Mark the ones " +
        "taken before the work; the first before and the first after are shown side by side. The editor saves each " +
        `as a JPEG at most ${PHOTO_MAX_WIDTH} pixels wide, without the phone's location.`,
      featured: "Shown on the home page (the three newest featured projects).",
    },
  },
}
