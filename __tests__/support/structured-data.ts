/*
 * A structured-data checker that knows the schema.org vocabulary, offline: it reads the trimmed copy in
 * __tests__/fixtures/schema-org-vocabulary.json and walks a JSON-LD document. Every @type must exist,
 * every property must belong to the type (or a type it inherits from) and hold a value of its range,
 * and each type carries the properties search engines require for a rich result.
 */
import vocabulary from "../fixtures/schema-org-vocabulary.json"

type Node = Record<string, unknown>

interface Vocabulary {
  dataTypes: string[]
  types: Record<string, { subClassOf: string[] }>
  enumerations: Record<string, string[]>
  properties: Record<string, { domainIncludes: string[]; rangeIncludes: string[] }>
  required: Record<string, string[][] | string>
}

const vocab = vocabulary as Vocabulary
const SCHEMA = "https://schema.org"

/** The type and every type it inherits from. */
function ancestry(type: string): Set<string> {
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    for (const parent of vocab.types[name]?.subClassOf ?? []) visit(parent)
  }
  visit(type)
  return seen
}

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value)
const isAbsoluteUrl = (value: string) => /^https?:\/\/[^\s]+$/.test(value)
const typesOf = (node: Node): string[] =>
  [node["@type"]].flat().filter((type): type is string => typeof type === "string")

/** Whether a literal (text, number, boolean) fits one of a property's expected data types. */
function literalFits(value: unknown, range: string[]): boolean {
  return range.some(expected => {
    if (typeof value === "string") {
      if (expected === "Text") return true
      if (expected === "URL") return isAbsoluteUrl(value)
      if (expected === "Time") return /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/.test(value)
      if (expected === "Date") return /^\d{4}-\d{2}-\d{2}$/.test(value)
      const members = vocab.enumerations[expected]
      if (members) return members.some(member => value === member || value === `${SCHEMA}/${member}`)
      // schema.org's data model lets a URL stand for an entity where a Thing is expected.
      return expected in vocab.types && isAbsoluteUrl(value)
    }
    if (typeof value === "number") {
      if (expected === "Integer") return Number.isInteger(value)
      return expected === "Number" || expected === "Float"
    }
    return typeof value === "boolean" && expected === "Boolean"
  })
}

/** Every problem in one JSON-LD document, each with the path to the value, such as LocalBusiness.areaServed[2]. */
export function checkStructuredData(document: unknown): string[] {
  const problems: string[] = []
  if (!isNode(document)) return ["the document is not a JSON object"]
  if (document["@context"] !== SCHEMA)
    problems.push(`@context is ${JSON.stringify(document["@context"])}, not "${SCHEMA}"`)

  const checkNode = (node: Node, path: string, expected?: string[]) => {
    const types = typesOf(node)
    if (types.length === 0) {
      // A reference to a node described elsewhere ({ "@id": … }) needs no type of its own.
      if (!(Object.keys(node).length === 1 && typeof node["@id"] === "string")) problems.push(`${path}: has no @type`)
      return
    }
    const unknown = types.filter(type => !(type in vocab.types))
    unknown.forEach(type => problems.push(`${path}: @type "${type}" is not a schema.org type`))
    if (unknown.length > 0) return
    const inherited = new Set(types.flatMap(type => [...ancestry(type)]))
    if (expected && !expected.some(type => inherited.has(type)))
      problems.push(`${path}: a ${types.join("/")} where ${expected.join(" or ")} is expected`)

    for (const [type, rule] of Object.entries(vocab.required))
      if (Array.isArray(rule) && inherited.has(type))
        for (const choice of rule)
          if (!choice.some(property => node[property] !== undefined))
            problems.push(`${path}: a ${type} needs ${choice.join(" or ")}`)

    for (const [property, value] of Object.entries(node)) {
      if (property.startsWith("@")) continue
      const definition = vocab.properties[property]
      const where = `${path}.${property}`
      if (!definition) {
        problems.push(`${where}: "${property}" is not a schema.org property`)
        continue
      }
      if (!definition.domainIncludes.some(type => inherited.has(type))) {
        problems.push(`${where}: "${property}" is not a property of ${types.join("/")}`)
        continue
      }
      const values = Array.isArray(value) ? value : [value]
      values.forEach((item, index) => {
        const at = Array.isArray(value) ? `${where}[${index}]` : where
        if (isNode(item)) {
          const thingRange = definition.rangeIncludes.filter(type => type in vocab.types)
          if (thingRange.length === 0)
            problems.push(`${at}: expects ${definition.rangeIncludes.join(" or ")}, not an object`)
          else checkNode(item, at, thingRange)
        } else if (!literalFits(item, definition.rangeIncludes))
          problems.push(`${at}: ${JSON.stringify(item)} is not a ${definition.rangeIncludes.join(" or ")}`)
      })
    }
  }

  checkNode(document, typesOf(document).join("/") || "(root)")
  return problems
}
