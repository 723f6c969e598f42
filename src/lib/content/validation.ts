/*
 * Checks the content in data/ before Gatsby builds any page: each file against its yup schema
 * (content/schemas.ts), then the rules that tie files together: slugs unique, every link a schema declares
 * naming an entry that exists, each city's file named after it, places in places.ts. Every problem names the file, the entry and the
 * field, so a content editor can find it without reading a stack trace.
 */
import { ValidationError } from "yup"
import { entryLabel, isObject, type ContentError, type Located } from "./entry"
import { checkPlaces } from "./places"
import {
  contentType,
  contentTypes,
  folderOf,
  linksOf,
  LIST_FILES,
  listFiles,
  PATTERNS,
  schemaOf,
  type ContentType,
  type Folder,
  type ListFile,
} from "./schemas"
import { slugFromName } from "../paths"

export type { ContentError }
export { LIST_FILES }

/** The parsed files of data/, by their path inside it: business.json, counties.json, cities/provo.json … */
export type ContentFiles = Record<string, unknown>

export const CITIES_FOLDER = "cities/"
export const cityFile = (slug: string) => `${CITIES_FOLDER}${slug}.json`
export const isCityFile = (file: string) => folderOf(file) === CITIES_FOLDER
/** The slug a folder's file is named by: data/projects/stamped-patio.json → stamped-patio. */
const fileSlug = (file: string) => file.slice(file.lastIndexOf("/") + 1, -".json".length)

/** Where a schema's error points, as the file › entry › field a content editor reads. */
function locate(file: string, content: unknown, error: ValidationError): ContentError {
  const path = error.path ?? ""
  const { message } = error
  const listed = listFiles[file as ListFile]
  if (listed) {
    const at = new RegExp(`^${listed.key}\\[(\\d+)\\]\\.?(.*)$`).exec(path)
    const entries = isObject(content) ? content[listed.key] : undefined
    if (at && Array.isArray(entries)) {
      const index = Number(at[1])
      return { file, entry: entryLabel(entries[index], index), field: at[2] || "(entry)", message }
    }
    if (path === listed.key)
      return { file, entry: "(file)", field: error.type === "entries" ? "(count)" : listed.key, message }
  }
  if (!path) return { file, entry: "(file)", field: "(root)", message }
  return { file, entry: folderOf(file) ? `"${fileSlug(file)}"` : "business", field: path, message }
}

/** Every problem the file's schema finds in its content. */
function checkShape(file: string, content: unknown): ContentError[] {
  const schema = schemaOf(file)
  if (!schema) return []
  try {
    schema.validateSync(content, { abortEarly: false, strict: true })
    return []
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return (error.inner.length > 0 ? error.inner : [error]).map(inner => locate(file, content, inner))
  }
}

/** The entries of a list file, each with the file and the label a message names it by. */
const entriesOf = (files: ContentFiles, file: ListFile): Located[] => {
  const content = files[file]
  const entries = isObject(content) ? content[listFiles[file].key] : undefined
  if (!Array.isArray(entries)) return []
  return entries.flatMap((value, index) => (isObject(value) ? [{ file, entry: entryLabel(value, index), value }] : []))
}

/** The entries of a folder, one per file (data/cities/, data/projects/, data/reviews/), by file name. */
const folderEntries = (files: ContentFiles, folder: Folder): Located[] =>
  Object.keys(files)
    .filter(file => folderOf(file) === folder)
    .sort()
    .flatMap(file => {
      const value = files[file]
      return isObject(value) ? [{ file, entry: `"${fileSlug(file)}"`, value }] : []
    })

/** Validates every content file; an empty list means the content is fit to build. */
export function validateContent(files: ContentFiles): ContentError[] {
  const errors: ContentError[] = []
  const folderFiles = Object.keys(files)
    .filter(file => folderOf(file))
    .sort()
  for (const file of ["business.json", ...LIST_FILES, ...folderFiles]) errors.push(...checkShape(file, files[file]))

  const cities = folderEntries(files, CITIES_FOLDER)
  const counties = entriesOf(files, "counties.json")
  const report = ({ file, entry }: Located, field: string, message: string) =>
    errors.push({ file, entry, field, message })

  /** The slugs a list holds; a slug used twice is reported at its second use. */
  const slugs = (list: Located[]) => {
    const seen = new Map<string, string>()
    for (const item of list) {
      const { slug } = item.value
      if (typeof slug !== "string") continue
      const first = seen.get(slug)
      if (first) report(item, "slug", `"${slug}" is already used by entry ${first}; each slug must be unique`)
      else seen.set(slug, item.entry)
    }
    return seen
  }
  for (const file of LIST_FILES) slugs(entriesOf(files, file))

  // Every link a schema declares (schemas.ts › ref) names an entry that exists.
  const entriesOfType = (type: ContentType): Located[] =>
    "file" in type.place ? entriesOf(files, type.place.file) : folderEntries(files, type.place.folder)
  const slugOf = (item: Located) => (typeof item.value.slug === "string" ? item.value.slug : fileSlug(item.file))
  for (const type of contentTypes.values())
    for (const link of linksOf(type)) {
      const target = contentType(link.to)
      const known = new Set(entriesOfType(target).map(slugOf))
      const where =
        "file" in target.place
          ? `${target.noun} slug in ${target.place.file}`
          : `${target.noun} in data/${target.place.folder}`
      for (const item of entriesOfType(type)) {
        const value = item.value[link.field]
        const values = Array.isArray(value) ? value : [value]
        values.forEach((slug, position) => {
          if (typeof slug === "string" && PATTERNS.slug.pattern.test(slug) && !known.has(slug))
            report(item, link.many ? `${link.field}[${position}]` : link.field, `"${slug}" is not a known ${where}`)
        })
      }
    }

  for (const city of cities) {
    const { slug, name, nearby } = city.value
    if (typeof slug !== "string") continue
    if (city.file !== cityFile(slug))
      report(city, "slug", `"${slug}" must match the file's name: the city's file is data/${cityFile(slug)}`)
    if (typeof name === "string" && slugFromName(name) !== slug)
      report(
        city,
        "slug",
        `must be the name lowercased and hyphenated ("${slugFromName(name)}"), as city page addresses are`,
      )
    if (Array.isArray(nearby) && nearby.includes(slug)) report(city, "nearby", "a city cannot be its own neighbour")
  }
  // A project's and a review's file name is an address (/projects/<name>).
  for (const folder of ["projects/", "reviews/"] as const)
    for (const item of folderEntries(files, folder)) {
      if (!PATTERNS.slug.pattern.test(fileSlug(item.file)))
        report(item, "(file name)", `"${fileSlug(item.file)}" must be ${PATTERNS.slug.hint}`)
      else if (folder === "projects/" && ["service", "county"].includes(fileSlug(item.file)))
        report(item, "(file name)", `"${fileSlug(item.file)}" is the address of the projects' filters; rename the file`)
    }

  errors.push(...checkPlaces(cities, counties))

  for (const county of counties) {
    const hub = cities.find(city => city.value.slug === county.value.hubCity)
    if (hub && hub.value.county !== county.value.slug)
      report(
        county,
        "hubCity",
        `"${String(county.value.hubCity)}" is in county "${String(hub.value.county)}", not "${String(county.value.slug)}"`,
      )
  }
  return errors
}

export const formatContentErrors = (errors: ContentError[]): string =>
  [
    `The content in data/ has ${errors.length} problem${errors.length === 1 ? "" : "s"}; fix ${errors.length === 1 ? "it" : "them"} and build again:`,
    ...errors.map(error => `  data/${error.file} › entry ${error.entry} › field "${error.field}": ${error.message}`),
  ].join("\n")
