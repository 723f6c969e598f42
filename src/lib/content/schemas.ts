/*
 * Every content type in data/, each declared in its own file under types/ (declaration.ts says what one
 * declares), and what is read across them: the schema a file must pass, where a type's entries live, the links
 * between types. The build validates with them (validation.ts), the GraphQL node types and resolvers are
 * written from them (node-types.ts, resolvers.ts), and the content manager's configuration (build-time/cms/).
 * A new type is a new file in types/ and its line here.
 */
import { object, type AnySchema } from "yup"
import type { FolderType, ListType } from "./declaration"
import { collection, type ContentMeta, type LinkRule } from "./schema-builders"
import { business } from "./types/business"
import { cities } from "./types/cities"
import { counties } from "./types/counties"
import { faq } from "./types/faq"
import { processSteps } from "./types/process"
import { projects } from "./types/projects"
import { reasons } from "./types/reasons"
import { reviews } from "./types/reviews"
import { servicePages } from "./types/service-pages"
import { services } from "./types/services"

export type { ContentMeta, LinkRule } from "./schema-builders"

/** The business's facts: business.json, one object. */
export const SITE_FILE = business

/** The files that hold a list of entries, in the order the validation reads them and the editor lists them. */
export const LIST_TYPES: readonly ListType[] = [counties, services, servicePages, faq, processSteps, reasons]

/** The folders that hold an entry per file, in the order the content manager lists them. */
export const FOLDER_TYPES: readonly FolderType[] = [cities, projects, reviews]

/** The list files in data/, in the order the validation reads them. */
export const LIST_FILES = LIST_TYPES.map(type => type.file)

/** The list file's type, by its path inside data/. */
export const listTypeOf = (file: string): ListType | undefined => LIST_TYPES.find(type => type.file === file)

/** The folder a file of data/ lies in, when it is one of an entry per file. */
export const folderOf = (file: string): FolderType | undefined =>
  FOLDER_TYPES.find(type => file.startsWith(type.folder) && /^[^/]+\.json$/.test(file.slice(type.folder.length)))

/** The schema a whole file's content must pass, by its path inside data/. */
export const schemaOf = (file: string): AnySchema | undefined => {
  if (file === SITE_FILE.file) return SITE_FILE.schema
  const folder = folderOf(file)
  if (folder) return folder.schema
  const listed = listTypeOf(file)
  if (!listed) return undefined
  const message = `must be a JSON object holding the list "${listed.key}"`
  return object({ [listed.key]: collection(listed.schema) })
    .strict()
    .typeError(message)
    .required(message)
}

/** The GraphQL type a schema declares: "CitiesJson". */
export const typeName = (schema: AnySchema): string => schema.describe().meta?.type

/** Every node type the content makes: the business, each list's entries, the cities, projects and reviews. */
export const nodeTypes = [SITE_FILE, ...LIST_TYPES, ...FOLDER_TYPES]

/** Where a content type's entries live: a list file under its key, or a folder with a file per entry. */
export type Place = { file: string; key: string } | { folder: string }

/** A type that other entries can name: its declaration, its GraphQL name and where its entries are. */
export type ContentType = (ListType | FolderType) & { type: string; place: Place }

/** Every content type with entries, by its GraphQL type name. */
export const contentTypes: ReadonlyMap<string, ContentType> = new Map(
  [
    ...LIST_TYPES.map(declared => ({ ...declared, place: { file: declared.file, key: declared.key } })),
    ...FOLDER_TYPES.map(declared => ({ ...declared, place: { folder: declared.folder } })),
  ].map((declared): [string, ContentType] => [
    typeName(declared.schema),
    { ...declared, type: typeName(declared.schema) },
  ]),
)

/** The content type a link names; a link to a type that holds no entries is a mistake in its declaration. */
export function contentType(type: string): ContentType {
  const declared = contentTypes.get(type)
  if (!declared) throw new Error(`a link names ${type}, which is no content type with entries`)
  return declared
}

/** A field that names other entries, as its schema declares it. */
export interface DeclaredLink extends LinkRule {
  from: string
  field: string
  many: boolean
  optional: boolean
}

interface FieldDescription {
  type: string
  optional?: boolean
  meta?: ContentMeta
  innerType?: { meta?: ContentMeta }
}

/** The links an entry's top-level fields declare: a slug, or a list of slugs, naming other entries. */
export function linksOf(type: ContentType): DeclaredLink[] {
  const { fields } = type.schema.describe() as unknown as { fields: Record<string, FieldDescription> }
  return Object.entries(fields).flatMap(([field, description]) => {
    const many = description.type === "array"
    const link = (many ? description.innerType?.meta : description.meta)?.link
    return link ? [{ ...link, from: type.type, field, many, optional: Boolean(description.optional) }] : []
  })
}

/** Every link the content declares. */
export const allLinks = (): DeclaredLink[] => [...contentTypes.values()].flatMap(linksOf)
