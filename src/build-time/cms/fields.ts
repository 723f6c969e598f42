/*
 * Decap CMS fields written from the content types' yup schemas (content/types/), so the editor asks for
 * what the build accepts: a field the schema requires is required, a pattern or a length limit becomes the
 * field's pattern with the build's own wording, a list keeps its limits, a number its range and kind.
 * Where one entry names another (a link its schema declares), the field is a relation chosen from the existing
 * entries of that type (config.ts › relationTo). The labels a key does not say plainly, and a list's singular
 * where dropping the "s" does not give it, come from the type's declaration.
 */
import type { AnySchema, SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription } from "yup"
import type { ContentMeta } from "../../lib/content/schemas"
import { MAX_PHOTO_BYTES } from "../content/files"

export interface CmsField {
  name: string
  label: string
  label_singular?: string
  widget: string
  required?: boolean
  hint?: string
  pattern?: [string, string]
  min?: number
  max?: number
  value_type?: "int" | "float"
  fields?: CmsField[]
  field?: CmsField
  collapsed?: boolean
  summary?: string
  collection?: string
  file?: string
  value_field?: string
  search_fields?: string[]
  display_fields?: string[]
  multiple?: boolean
  options_length?: number
  options?: string[]
  default?: unknown
  choose_url?: boolean
  media_library?: { config: Record<string, unknown> }
}

/**
 * The image field's media library: one photo at a time, no address typed in, and files larger than the build
 * accepts refused. The content manager's own script (src/admin/photos/) re-encodes every photo before Decap
 * receives it (upright, at most 2000 px wide, JPEG, no metadata, a name in the build's form), so Decap's own
 * media_processing stays off: it would encode the photo a second time and enlarge a small one to 2000 px.
 */
export const PHOTO_UPLOAD = {
  choose_url: false,
  media_library: { config: { multiple: false, max_file_size: MAX_PHOTO_BYTES } },
}

type Description = SchemaFieldDescription &
  Partial<SchemaInnerTypeDescription & { fields: Record<string, Description>; optional: boolean }>

/** Where a field names an entry of another type: the relation that offers the existing ones, by the type's name. */
export type Relations = (type: string) => Partial<CmsField> & { collection: string }

/**
 * What a type's declaration adds to its schema's fields (content/declaration.ts › Editor): the relation for
 * each link, the labels its keys do not say plainly on their own, and its lists' singular names.
 */
export interface FieldWords {
  relations?: Relations
  labels?: Record<string, string>
  singulars?: Record<string, string>
}

/** A label from a key: quoteWithinHours → "Quote within hours", unless the type's labels name it. */
export const labelOf = (name: string, labels: Record<string, string> = {}): string => {
  if (labels[name]) return labels[name]
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\burl\b/, "URL")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const metaOf = (description: Description): ContentMeta => ("meta" in description && description.meta) || {}

/** The message the editor shows for a value that does not match: the same words the build's check uses. */
const patternOf = (meta: ContentMeta): [string, string] | undefined => {
  // Decap writes "<Label> didn't match the pattern: " before the message and a full stop after it.
  if (meta.pattern) return [meta.pattern, meta.hint ? `expected ${meta.hint}` : "not well formed"]
  if (meta.maxLength !== undefined)
    return [
      `^[\\s\\S]{0,${meta.maxLength}}$`,
      `at most ${meta.maxLength} characters${meta.hint ? ` (${meta.hint})` : ""}`,
    ]
  return undefined
}

/**
 * The CMS has no "required when the group is given": inside an optional group (a rating) every field is
 * optional in the editor, and the build still refuses a group given with a field missing.
 */
function widgetOf(
  name: string,
  description: Description,
  type: string,
  words: FieldWords,
  inOptional = false,
): CmsField {
  const { relations, labels } = words
  const meta = metaOf(description)
  const required = !description.optional && !inOptional
  const base: CmsField = { name, label: labelOf(name, labels), widget: "string", required }
  const multiple = description.type === "array"
  const link = multiple ? metaOf(description.innerType as Description).link : meta.link
  if (link && relations) {
    const relation = relations(link.to)
    return { ...base, widget: "relation", ...relation, ...(multiple ? { multiple, min: meta.min, max: meta.max } : {}) }
  }
  if (meta.hint) base.hint = `${meta.hint.charAt(0).toUpperCase()}${meta.hint.slice(1)}.`
  switch (description.type) {
    case "string": {
      // A pattern that only lists words (the days of the week) is a choice among them.
      const words = meta.pattern && /^\^\(\?:([A-Za-z |]+)\)\$$/.exec(meta.pattern)
      if (words) return { ...base, widget: "select", options: words[1].split("|"), hint: undefined }
      if (meta.photo) return { ...base, widget: "image", ...PHOTO_UPLOAD }
      return { ...base, widget: meta.multiline ? "text" : "string", pattern: patternOf(meta) }
    }
    case "boolean":
      return { ...base, widget: "boolean", required: false, default: false }
    case "number":
      return { ...base, widget: "number", value_type: meta.integer ? "int" : "float", min: meta.min, max: meta.max }
    case "object":
      return {
        ...base,
        widget: "object",
        fields: fieldsOf(description, meta.type ?? type, words, inOptional || !required),
      }
    case "array": {
      const item = description.innerType as Description
      const list: CmsField = {
        ...base,
        widget: "list",
        label_singular: labelOf(singular(name, words), labels),
        min: meta.min,
        max: meta.max,
        collapsed: false,
      }
      if (item.type === "object") {
        const fields = fieldsOf(item, metaOf(item).type ?? type, words, inOptional)
        // Photos stay open, each showing its picture beside its description; other lists fold to their summary.
        const collapsed = !fields.some(field => field.widget === "image")
        return { ...list, fields, collapsed }
      }
      return { ...list, field: widgetOf(singular(name, words), item, type, words, inOptional) }
    }
    default:
      throw new Error(`no CMS widget for a yup ${description.type} (${type}.${name})`)
  }
}

/** One item of a list: the type's singular for it, else the name without its plural ending. */
const singular = (name: string, { singulars = {} }: FieldWords) =>
  singulars[name] ?? (name.endsWith("ies") ? `${name.slice(0, -3)}y` : name.replace(/s$/, ""))

function fieldsOf(description: Description, type: string, words: FieldWords, inOptional = false): CmsField[] {
  return Object.entries(description.fields ?? {}).map(([name, field]) => widgetOf(name, field, type, words, inOptional))
}

/** The CMS fields of an object schema; a link becomes the relation `words.relations` gives for its type. */
export function cmsFields(schema: AnySchema, words: FieldWords = {}): CmsField[] {
  const description = schema.describe() as SchemaDescription as Description
  return fieldsOf(description, metaOf(description).type ?? "", words)
}

/** Drops the keys a field does not use, so the config reads as written by hand. */
export const compact = <T>(value: T): T => JSON.parse(JSON.stringify(value))
