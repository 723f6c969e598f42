/*
 * One entry of a content file, and a problem found in it: what every content check reports with.
 */
import { PATTERNS } from "./patterns"

export interface ContentError {
  file: string
  entry: string
  field: string
  message: string
}

export type Entry = Record<string, unknown>

export const isObject = (value: unknown): value is Entry =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** How a message names an entry: its position and its slug, city, title or question. */
export const entryLabel = (entry: unknown, index: number): string => {
  if (isObject(entry)) {
    const key = entry.slug ?? entry.city ?? entry.title ?? entry.question
    if (typeof key === "string" && key) return `#${index} "${key}"`
  }
  return `#${index}`
}

/** An entry and where it lives: its file and the label messages name it by. */
export interface Located {
  file: string
  entry: string
  value: Entry
}

/** The slug a folder's file is named by: data/projects/stamped-patio.json → stamped-patio. */
export const fileSlug = (file: string) => file.slice(file.lastIndexOf("/") + 1, -".json".length)

/** An entry whose file's name is its address (/projects/<name>) and is not written as one. */
export const misnamed = ({ file, entry }: Located): ContentError[] =>
  PATTERNS.slug.pattern.test(fileSlug(file))
    ? []
    : [{ file, entry, field: "(file name)", message: `"${fileSlug(file)}" must be ${PATTERNS.slug.hint}` }]

/**
 * A field left blank counts as not given: the CMS writes an emptied text or number as "" (or null), and an
 * optional group whose fields are all blank as an object of blanks. Required fields still fail as missing.
 */
export function withoutBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBlanks)
  if (!isObject(value)) return value
  const kept: Entry = {}
  for (const [key, field] of Object.entries(value)) {
    const cleaned = withoutBlanks(field)
    const blank = cleaned === "" || cleaned === null || (isObject(cleaned) && Object.keys(cleaned).length === 0)
    if (!blank) kept[key] = cleaned
  }
  return kept
}

/** A content file's JSON, as the validation and the nodes read it. */
export const parseContent = (source: string): unknown => withoutBlanks(JSON.parse(source))
