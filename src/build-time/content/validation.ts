/*
 * Checks the content in data/ before Gatsby builds any page: each file against its type's yup schema
 * (content/schemas.ts), then the rules that tie files together: slugs unique, every link a schema declares
 * naming an entry that exists, and the checks each type declares (a city's file named after it, places in
 * places.ts). Every problem names the file, the entry and the field, so a content editor can find it without
 * reading a stack trace.
 */
import { ValidationError } from "yup"
import type { FolderType, ListType } from "../../lib/content/declaration"
import { entryLabel, fileSlug, isObject, type ContentError, type Located } from "../../lib/content/entry"
import { PATTERNS } from "../../lib/content/patterns"
import {
  contentType,
  contentTypes,
  FOLDER_TYPES,
  folderOf,
  linksOf,
  LIST_FILES,
  LIST_TYPES,
  listTypeOf,
  schemaOf,
  SITE_FILE,
} from "../../lib/content/schemas"

export type { ContentError }
export { LIST_FILES }

/** The parsed files of data/, by their path inside it: business.json, counties.json, cities/provo.json … */
export type ContentFiles = Record<string, unknown>

/** Where a schema's error points, as the file › entry › field a content editor reads. */
function locate(file: string, content: unknown, error: ValidationError): ContentError {
  const path = error.path ?? ""
  const { message } = error
  const listed = listTypeOf(file)
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
const entriesOf = (files: ContentFiles, { file, key }: ListType): Located[] => {
  const content = files[file]
  const entries = isObject(content) ? content[key] : undefined
  if (!Array.isArray(entries)) return []
  return entries.flatMap((value, index) => (isObject(value) ? [{ file, entry: entryLabel(value, index), value }] : []))
}

/** The entries of a folder, one per file (data/cities/, data/projects/, data/reviews/), by file name. */
const folderEntries = (files: ContentFiles, { folder }: FolderType): Located[] =>
  Object.keys(files)
    .filter(file => folderOf(file)?.folder === folder)
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
  for (const file of [SITE_FILE.file, ...LIST_FILES, ...folderFiles]) errors.push(...checkShape(file, files[file]))

  const entriesOfType = (type: ListType | FolderType): Located[] =>
    "key" in type ? entriesOf(files, type) : folderEntries(files, type)
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
  for (const listed of LIST_TYPES) slugs(entriesOf(files, listed))

  // Every link a schema declares (schema-builders.ts › ref) names an entry that exists.
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

  // The rules each type declares beyond one entry: the folders' first (a city's or a project's file), then
  // the lists' (where a county's cities lie).
  const ofType = (type: string) => entriesOfType(contentType(type))
  for (const declared of [...FOLDER_TYPES, ...LIST_TYPES])
    errors.push(...(declared.check?.(entriesOfType(declared), ofType) ?? []))
  return errors
}

export const formatContentErrors = (errors: ContentError[]): string =>
  [
    `The content in data/ has ${errors.length} problem${errors.length === 1 ? "" : "s"}; fix ${errors.length === 1 ? "it" : "them"} and build again:`,
    ...errors.map(error => `  data/${error.file} › entry ${error.entry} › field "${error.field}": ${error.message}`),
  ].join("\n")
