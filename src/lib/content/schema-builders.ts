/*
 * The building blocks of the content types' schemas (content/types/): yup schemas for text, numbers, groups
 * of fields and lists, each with messages written for the person who edits the content, and metadata
 * (pattern, limits, GraphQL type name) that the node types and the editor's rules are derived from.
 */
import { array, boolean, number, object, string, type AnyObjectSchema, type AnySchema } from "yup"
import { PATTERNS } from "./patterns"

type Fields = Record<string, AnySchema>

/**
 * A field that names another entry by its slug: a city's county, a project's service. The one declaration
 * the yup schema, the cross-file check (validation.ts), the GraphQL type and resolvers (node-types.ts,
 * resolvers.ts) and the content manager's relation widget (cms/fields.ts) are all derived from.
 */
export interface LinkRule {
  /** The GraphQL type of the entry it names: "CountiesJson". */
  to: string
  /** The field the named entry gets back: a county's `cities`, a service's `page` (one, when linked by its own slug). */
  back?: string
  /** A link that goes both ways without being listed twice (a city's neighbours): resolved, not @link'ed. */
  bothWays?: boolean
}

/** What a schema tells the GraphQL layer: a nested object's type name, or a field's whole SDL type. */
export interface ContentMeta {
  link?: LinkRule
  type?: string
  graphql?: string
  pattern?: string
  hint?: string
  maxLength?: number
  min?: number
  max?: number
  integer?: boolean
  /** Text of a paragraph or more, which the content manager edits in a text area rather than a line. */
  multiline?: boolean
  /** A picture uploaded in the content manager: its path inside src/images. */
  photo?: boolean
}

interface TextRule {
  pattern?: RegExp
  hint?: string
  maxLength?: number
  optional?: boolean
  graphql?: string
  multiline?: boolean
  photo?: boolean
  link?: LinkRule
  /** The facts the text may name in braces, filled in from data/business.json: "{warrantyYears}-year". */
  facts?: readonly string[]
}

const REQUIRED_TEXT = "is required and must be non-empty text"
const REQUIRED_NUMBER = "is required and must be a number"
const REQUIRED_LIST = "is required and must be a list"
const REQUIRED_OBJECT = "is required and must be an object"

/** Text that is not blank and, when a rule says so, matches a pattern and fits a length. */
export const text = ({ pattern, hint, maxLength, optional, graphql, multiline, photo, link, facts }: TextRule = {}) => {
  const base = string().strict().typeError(REQUIRED_TEXT)
  const meta: ContentMeta = { pattern: pattern?.source, hint, maxLength, graphql, multiline, photo, link }
  return (optional ? base.optional() : base.required(REQUIRED_TEXT)).meta(meta).test({
    name: "text",
    skipAbsent: true,
    test(value, context) {
      const expected = hint ? ` (expected ${hint})` : ""
      if (value === undefined) return true
      if (value.trim() === "") return context.createError({ message: REQUIRED_TEXT })
      const unknown = facts && [...value.matchAll(/\{([^}]*)\}/g)].find(([, name]) => !facts.includes(name))
      if (unknown)
        return context.createError({
          message: `"${unknown[0]}" is not a fact the site fills in; it may name ${facts.map(name => `{${name}}`).join(" or ")}`,
        })
      if (pattern && !pattern.test(value))
        return context.createError({ message: `"${value}" is not well formed${expected}` })
      if (maxLength !== undefined && value.length > maxLength)
        return context.createError({
          message: `"${value}" is ${value.length} characters; at most ${maxLength}${hint ? ` (${hint})` : ""}`,
        })
      return true
    },
  })
}

/** An entry's own slug: its address. */
export const slug = () => text(PATTERNS.slug)

/**
 * A field naming another entry by its slug (LinkRule): this line is the whole link. The build checks that the
 * entry exists, the page queries get the entry itself, the editor chooses it from a list.
 */
export const ref = (to: string, { optional = false, ...rule }: Omit<LinkRule, "to"> & { optional?: boolean } = {}) =>
  text({ ...PATTERNS.slug, optional, link: { to, ...rule } })

/** Text of a paragraph or more (the editor gives it a text area). */
export const paragraph = (rule: Omit<TextRule, "multiline"> = {}) => text({ ...rule, multiline: true })

/** Yes or no, no when left out. */
export const flag = () => boolean().strict().typeError("must be true or false").optional()

/** A number, whole when `integer`, between `min` and `max` when given; it may be left out when `optional`. */
export const numeric = ({
  min,
  max,
  integer,
  optional = false,
}: {
  min?: number
  max?: number
  integer?: boolean
  optional?: boolean
}) =>
  (optional
    ? number().strict().typeError(REQUIRED_NUMBER).optional()
    : number().strict().typeError(REQUIRED_NUMBER).required(REQUIRED_NUMBER)
  )
    .meta({ min, max, integer } satisfies ContentMeta)
    .test({
      name: "number",
      skipAbsent: true,
      test(value, context) {
        if (value === undefined) return true
        if (integer && !Number.isInteger(value))
          return context.createError({ message: `${value} must be a whole number` })
        if ((min !== undefined && value < min) || (max !== undefined && value > max))
          return context.createError({ message: `${value} must be between ${min ?? "-∞"} and ${max ?? "∞"}` })
        return true
      },
    })

export const latitude = () => numeric({ min: -90, max: 90 })
export const longitude = () => numeric({ min: -180, max: 180 })

/** A group of fields; `type` names its GraphQL type. Inside a list, an item that is not an object says so. */
export const group = (type: string, fields: Fields, { optional = false, inList = false } = {}): AnyObjectSchema => {
  const message = inList ? "must be an object" : REQUIRED_OBJECT
  const base = object<Record<string, unknown>>(fields)
    .strict()
    .typeError(message)
    .meta({ type } satisfies ContentMeta)
  return (optional ? base.optional().default(undefined) : base.required(message)) as AnyObjectSchema
}

/** A list of `min` (to `max`) items, each checked by `item`; it may be left out when `optional`. */
export const list = (item: AnySchema, min: number, max?: number, { optional = false } = {}) =>
  (optional
    ? array(item).strict().typeError(REQUIRED_LIST).optional()
    : array(item).strict().typeError(REQUIRED_LIST).required(REQUIRED_LIST)
  )
    .meta({ min, max } satisfies ContentMeta)
    .test({
      name: "count",
      skipAbsent: true,
      test(value, context) {
        if (value === undefined || (value.length >= min && (max === undefined || value.length <= max))) return true
        const range = max === min ? `exactly ${min}` : max ? `${min} to ${max}` : `at least ${min}`
        return context.createError({ message: `has ${value.length} items; it needs ${range}` })
      },
    })

/** An entry of a collection file: a group of fields that may not use the key Gatsby reserves. */
export const entry = (type: string, fields: Fields) =>
  group(type, fields, { inList: true }).test({
    name: "no-id",
    skipAbsent: true,
    test(value, context) {
      if (value === undefined || !("id" in value)) return true
      return context.createError({
        path: context.path ? `${context.path}.id` : "id",
        message: 'the key "id" is reserved by Gatsby; rename it',
      })
    },
  })

/** A collection file: a list of entries, at least one. How many more is the content's choice. */
export const collection = (item: AnyObjectSchema) =>
  array(item)
    .strict()
    .typeError("must be a list of entries")
    .required("must be a list of entries")
    .test({
      name: "entries",
      test: value => value === undefined || value.length > 0,
      message: "has no entries; the site needs at least one",
    })
