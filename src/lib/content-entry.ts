/*
 * One entry of a content file, and a problem found in it: what every content check reports with.
 */

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
