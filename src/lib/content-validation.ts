/*
 * Checks the content in data/ before Gatsby builds any page: each file against its yup schema
 * (content-schemas.ts), then the rules that tie files together (slugs unique and known, a page's
 * content for every city, places in content-places.ts). Every problem names the file, the entry and
 * the field, so a content editor can find it without reading a stack trace.
 */

import { ValidationError } from "yup"
import { entryLabel, isObject, type ContentError, type Entry } from "./content-entry"
import { checkPlaces } from "./content-places"
import { COLLECTION_FILES, fileSchemas, PATTERNS, type CollectionFile } from "./content-schemas"
import { cityPath } from "./urls"

export type { ContentError }

export type ContentFiles = Record<string, unknown>

/** The collections in data/, one list per file. How many entries each holds is the content's choice. */
export const LIST_FILES = COLLECTION_FILES

type ListFile = CollectionFile

const KEBAB = PATTERNS.slug.pattern

/** Where a schema's error points, as the file › entry › field a content editor reads. */
function locate(file: string, content: unknown, error: ValidationError): ContentError {
  const at = /^\[(\d+)\]\.?(.*)$/.exec(error.path ?? "")
  const message = error.message
  if (at && Array.isArray(content)) {
    const index = Number(at[1])
    return { file, entry: entryLabel(content[index], index), field: at[2] || "(entry)", message }
  }
  if (!error.path) return { file, entry: "(file)", field: error.type === "entries" ? "(count)" : "(root)", message }
  return { file, entry: "business", field: error.path, message }
}

/** Every problem the file's schema finds in its content. */
function checkShape(file: string, content: unknown): ContentError[] {
  try {
    fileSchemas[file].validateSync(content, { abortEarly: false, strict: true })
    return []
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return (error.inner.length > 0 ? error.inner : [error]).map(inner => locate(file, content, inner))
  }
}

/** Validates every content file; an empty list means the content is fit to build. */
export function validateContent(files: ContentFiles): ContentError[] {
  const errors: ContentError[] = []
  for (const file of Object.keys(fileSchemas)) errors.push(...checkShape(file, files[file]))

  const lists: Partial<Record<ListFile, Entry[]>> = {}
  for (const file of LIST_FILES) lists[file] = Array.isArray(files[file]) ? files[file].filter(isObject) : []

  const keyed = (file: ListFile, key: string) => {
    const seen = new Map<string, number>()
    ;(lists[file] ?? []).forEach((entry, index) => {
      const value = entry[key]
      if (typeof value !== "string") return
      if (seen.has(value))
        errors.push({
          file,
          entry: entryLabel(entry, index),
          field: key,
          message: `"${value}" is already used by entry #${seen.get(value)}; each ${key} must be unique`,
        })
      else seen.set(value, index)
    })
    return seen
  }

  const counties = keyed("counties.json", "slug")
  const cities = keyed("cities.json", "slug")
  const contents = keyed("city-content.json", "city")
  const services = keyed("services.json", "slug")
  keyed("service-pages.json", "slug")
  const mustExist = (
    file: ListFile,
    field: string,
    known: Map<string, number>,
    what: string,
    values: (entry: Entry) => unknown[],
  ) =>
    (lists[file] ?? []).forEach((entry, index) =>
      values(entry).forEach((value, position) => {
        if (typeof value === "string" && KEBAB.test(value) && !known.has(value)) {
          const name = Array.isArray(entry[field]) ? `${field}[${position}]` : field
          errors.push({
            file,
            entry: entryLabel(entry, index),
            field: name,
            message: `"${value}" is not a known ${what}`,
          })
        }
      }),
    )

  mustExist("cities.json", "county", counties, "county slug in counties.json", entry => [entry.county])
  mustExist("cities.json", "nearby", cities, "city slug in cities.json", entry =>
    Array.isArray(entry.nearby) ? entry.nearby : [],
  )
  mustExist("counties.json", "hubCity", cities, "city slug in cities.json", entry => [entry.hubCity])
  mustExist("city-content.json", "city", cities, "city slug in cities.json", entry => [entry.city])
  mustExist("service-pages.json", "slug", services, "service slug in services.json", entry => [entry.slug])

  ;(lists["cities.json"] ?? []).forEach((city, index) => {
    const label = entryLabel(city, index)
    if (typeof city.slug !== "string") return
    if (!contents.has(city.slug))
      errors.push({
        file: "city-content.json",
        entry: `(missing) "${city.slug}"`,
        field: "city",
        message: `cities.json lists ${label} but city-content.json has no entry with "city": "${city.slug}"`,
      })
    if (typeof city.name === "string" && cityPath(city.name) !== `/locations/${city.slug}`)
      errors.push({
        file: "cities.json",
        entry: label,
        field: "slug",
        message: `must be the name lowercased and hyphenated ("${cityPath(city.name).split("/").pop()}"), as city page addresses are`,
      })
    if (Array.isArray(city.nearby) && city.nearby.includes(city.slug))
      errors.push({ file: "cities.json", entry: label, field: "nearby", message: "a city cannot be its own neighbour" })
  })

  errors.push(...checkPlaces(lists["cities.json"] ?? [], lists["counties.json"] ?? []))

  ;(lists["counties.json"] ?? []).forEach((county, index) => {
    const hub = (lists["cities.json"] ?? []).find(city => city.slug === county.hubCity)
    if (hub && hub.county !== county.slug)
      errors.push({
        file: "counties.json",
        entry: entryLabel(county, index),
        field: "hubCity",
        message: `"${String(county.hubCity)}" is in county "${String(hub.county)}", not "${String(county.slug)}"`,
      })
  })

  return errors
}

export const formatContentErrors = (errors: ContentError[]): string =>
  [
    `The content in data/ has ${errors.length} problem${errors.length === 1 ? "" : "s"}; fix ${errors.length === 1 ? "it" : "them"} and build again:`,
    ...errors.map(error => `  data/${error.file} › entry ${error.entry} › field "${error.field}": ${error.message}`),
  ].join("\n")
