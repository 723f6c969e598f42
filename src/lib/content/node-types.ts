/*
 * The GraphQL node types of the content, written from the yup schemas' descriptions (content/schemas.ts):
 * every node type is @dontInfer, and a field the schema requires gets `!`, so the generated query types
 * are precise. A field whose schema carries `graphql` metadata (a link to another node) uses it as is.
 */
import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription } from "yup"
import { nodeSchemas, type ContentMeta } from "./schemas"

/**
 * Fields a node has beyond its file's keys: the links back from other files. A county's cities have no
 * @link: gatsby-node's resolver finds them and sorts them by name.
 */
const BACK_LINKS: Record<string, Record<string, string>> = {
  CountiesJson: { cities: "[CitiesJson!]!" },
  ServicesJson: { page: 'ServicePagesJson @link(by: "slug", from: "slug")' },
  // A project's and a review's address is their file's name (nodes.ts).
  // The photo a project's card shows (gatsby-node's resolver): the first after the work, else the first.
  ProjectsJson: { slug: "String!", cover: "ProjectPhoto!" },
  ReviewsJson: { slug: "String!" },
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
  const fields = Object.entries(description.fields ?? {}).map(([key, field]) => `  ${key}: ${fieldType(field, types)}`)
  const links = Object.entries(BACK_LINKS[name] ?? {}).map(([key, type]) => `  ${key}: ${type}`)
  return `type ${name}${implementsNode} {\n${[...fields, ...links].join("\n")}\n}`
}

/** The SDL of every content node type and the nested types they use. */
export function contentTypeDefinitions(): string {
  const nested = new Map<string, string>()
  const nodes = nodeSchemas.map(schema => {
    const description = schema.describe() as SchemaDescription as Description
    const name = metaOf(description).type as string
    return objectType(name, " implements Node @dontInfer", description, nested)
  })
  return [...nodes, ...nested.values()].join("\n\n")
}
