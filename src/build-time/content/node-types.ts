/*
 * The GraphQL node types of the content, written from the content types' schemas (content/schemas.ts):
 * every node type is @dontInfer, and a field the schema requires gets `!`, so the generated query types
 * are precise. A field that names another entry (a LinkRule) becomes that entry, by @link or, for a link
 * both ways and a link back to many, by the resolvers in resolvers.ts; its type gets the field back.
 */
import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription } from "yup"
import {
  allLinks,
  contentTypes,
  nodeTypes,
  typeName,
  type ContentMeta,
  type DeclaredLink,
} from "../../lib/content/schemas"

/** The fields a type declares as computed (a project's cover photo), by name, with their SDL types. */
function computedFields(name: string): Record<string, string> {
  const computed = nodeTypes.find(declared => typeName(declared.schema) === name)?.computed ?? {}
  return Object.fromEntries(Object.entries(computed).map(([field, { type }]) => [field, type]))
}

/** The field a link's target gets back: one entry when linked by the entry's own slug, else every entry. */
export const backLinkType = (link: DeclaredLink): string =>
  link.field === "slug" ? `${link.from} @link(by: "slug", from: "slug")` : `[${link.from}!]!`

/** Fields a node has beyond its file's keys: a folder entry's slug (its file's name), links back, computed ones. */
function extraFields(name: string): Record<string, string> {
  const extra: Record<string, string> = {}
  const declared = contentTypes.get(name)
  const described = declared?.schema.describe() as { fields?: Record<string, unknown> } | undefined
  // A project's and a review's address is their file's name (nodes.ts).
  if (declared && "folder" in declared.place && !described?.fields?.slug) extra.slug = "String!"
  for (const link of allLinks()) if (link.back && link.to === name) extra[link.back] = backLinkType(link)
  return { ...extra, ...computedFields(name) }
}

type Description = SchemaFieldDescription &
  Partial<SchemaInnerTypeDescription & { fields: Record<string, Description> }>

const metaOf = (description: Description): ContentMeta => ("meta" in description && description.meta) || {}
const isOptional = (description: Description) => "optional" in description && description.optional

/** Writes the SDL of a field's type, collecting the nested object types it needs into `types`. */
function fieldType(description: Description, types: Map<string, string>): string {
  const meta = metaOf(description)
  if (meta.graphql) return meta.graphql
  const required = isOptional(description) ? "" : "!"
  const inner = description.innerType as Description | undefined
  const link = meta.link ?? (description.type === "array" && inner ? metaOf(inner).link : undefined)
  if (link) {
    const type = description.type === "array" ? `[${link.to}!]${required}` : `${link.to}${required}`
    return link.bothWays ? type : `${type} @link(by: "slug")`
  }
  switch (description.type) {
    case "string":
      return `String${required}`
    case "boolean":
      return `Boolean${required}`
    case "number":
      return `${meta.integer ? "Int" : "Float"}${required}`
    case "array":
      return `[${fieldType(description.innerType as Description, types)}]${required}`
    case "object":
      if (!meta.type) throw new Error("a nested object schema needs meta({ type }) to name its GraphQL type")
      if (!types.has(meta.type)) types.set(meta.type, objectType(meta.type, "", description, types))
      return `${meta.type}${required}`
    default:
      throw new Error(`no GraphQL type for a yup ${description.type}`)
  }
}

function objectType(name: string, implementsNode: string, description: Description, types: Map<string, string>) {
  // An entry's own slug stays its address even when it names another entry (a service page's service):
  // the pages query it as text, and the other entry gets the link back.
  const typeOf = (key: string, field: Description) => (key === "slug" ? "String!" : fieldType(field, types))
  const fields = Object.entries(description.fields ?? {}).map(([key, field]) => `  ${key}: ${typeOf(key, field)}`)
  const links = Object.entries(extraFields(name)).map(([key, type]) => `  ${key}: ${type}`)
  return `type ${name}${implementsNode} {\n${[...fields, ...links].join("\n")}\n}`
}

/** The SDL of every content node type and the nested types they use. */
export function contentTypeDefinitions(): string {
  const nested = new Map<string, string>()
  const nodes = nodeTypes.map(({ schema }) => {
    const description = schema.describe() as SchemaDescription as Description
    const name = metaOf(description).type as string
    return objectType(name, " implements Node @dontInfer", description, nested)
  })
  return [...nodes, ...nested.values()].join("\n\n")
}
