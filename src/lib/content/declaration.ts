/*
 * What a content type declares, each in its own file under types/: the schema of its entries (fields, rules,
 * links), where the entries live, how messages and the content manager name them, the checks that read
 * beyond one entry, and the fields the GraphQL layer computes. schemas.ts gathers the types; the validation,
 * the nodes, the GraphQL types and resolvers and the content manager's configuration are derived from them.
 */
import type { AnyObjectSchema } from "yup"
import type { ContentError, Entry, Located } from "./entry"

/** How the content manager shows a type, beyond the fields its schema gives. */
export interface Editor {
  /** The type's name in the content manager. */
  label: string
  /** Whether the editor's pane draws the site's own page (src/admin/preview/register.ts registers the same). */
  preview: boolean
  /** What the build checks across files, said beside a field of an entry where the editor types. */
  hints?: Record<string, string>
  /** Labels its keys do not say plainly on their own (quoteWithinHours reads "Quote within hours"), at any depth. */
  labels?: Record<string, string>
  /** The name of one item of a list where dropping the plural's ending does not give it: hours → openingHours. */
  singulars?: Record<string, string>
}

/** The entries of a type with entries, by its GraphQL type name: what a check reads of other files. */
export type EntriesOf = (type: string) => Located[]

interface Declared {
  /** The schema of one entry; its meta names the GraphQL type (schema-builders.ts › entry, group). */
  schema: AnyObjectSchema
  /** Fields the GraphQL layer computes from an entry: their SDL type and how each is resolved. */
  computed?: Record<string, { type: string; resolve: (source: Entry) => unknown }>
}

/** A file that is one object: the business's facts. */
export interface SingleFile extends Declared {
  file: string
  editor: Editor
}

interface WithEntries extends Declared {
  /** What a message calls one entry: "county". */
  noun: string
  /** The field a list of entries shows and sorts by: "name". */
  display: string
  /** The rules beyond one entry and its links; they run once every file's shape and links are checked. */
  check?: (entries: Located[], entriesOf: EntriesOf) => ContentError[]
}

/** A file holding a list of entries under one key, so that an editor can open it: counties.json's `counties`. */
export interface ListType extends WithEntries {
  file: string
  key: string
  /** `summary`: the label an entry shows in its collapsed list. */
  editor: Editor & { summary: string }
}

/** Decap's settings of a folder's collection, in its own words and in the order the configuration lists them. */
export interface FolderCollection {
  label_singular: string
  identifier_field: string
  /** The file name Decap gives a new entry. */
  slug: string
  summary: string
  sortable_fields: string[]
  media_folder?: string
  public_folder?: string
}

/** A folder with a file per entry, data/cities/: adding an entry is adding a file. */
export interface FolderType extends WithEntries {
  /** The folder inside data/, with its slash: "cities/". */
  folder: string
  /** Whether the site needs at least one entry. */
  required: boolean
  editor: Editor & { collection: FolderCollection }
}
