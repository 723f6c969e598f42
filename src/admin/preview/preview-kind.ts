/*
 * What the preview of one kind of entry knows: which built pages it starts from, and how the edited entry's
 * values go into the page's data, as the build's queries would give them. The pane draws the site's own
 * template with that data (preview-root.tsx).
 */
import type { ReactElement } from "react"
import type { BuiltPage } from "./site-data"

/** An entry as the editor holds it: the file's JSON, possibly half typed. */
export type Entry = Record<string, unknown>

export interface EditorEntry {
  /** The file's name without .json for an entry of a folder collection; empty for a new one. */
  slug: string
  data: Entry
}

/** The address of an uploaded or stored photo, from its value in the entry ("projects/patio.jpg"). */
export type AssetUrl = (value: string) => string

export interface PagePreview<Base> {
  /** What decides which built pages the preview needs: it loads them again when this changes. */
  key: (entry: EditorEntry) => string
  /** The built pages it starts from, or a sentence saying what the entry still needs before there is a page. */
  load: (entry: EditorEntry) => Promise<Base | string>
  /** The page drawn by the site's template, and the static queries' results it reads. */
  page: (
    base: Base,
    entry: EditorEntry,
    asset: AssetUrl,
  ) => { element: ReactElement; staticData: BuiltPage["staticData"] }
}

export const text = (value: unknown): string => (typeof value === "string" ? value : "")
export const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : [])
