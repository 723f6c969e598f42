/*
 * Checks the content in data/ before Gatsby builds any page. Every problem names the file, the entry
 * and the field, so a content editor can find it without reading a stack trace.
 */

import { entryLabel, isObject, type ContentError, type Entry } from "./content-entry"
import { checkPlaces } from "./content-places"
import { slugFromName } from "./paths"

export type { ContentError }

export type ContentFiles = Record<string, unknown>

type FieldRule = (
  | { kind: "text"; pattern?: RegExp; hint?: string; maxLength?: number }
  | { kind: "number"; min?: number; max?: number; integer?: boolean }
  | { kind: "texts"; min: number; max?: number; item?: FieldRule }
  | { kind: "objects"; min: number; max?: number; fields: Fields }
  | { kind: "object"; fields: Fields }
) & { optional?: boolean }

type Fields = Record<string, FieldRule>

/** The collections in data/, one list per file. How many entries each holds is the content's choice. */
export const LIST_FILES = [
  "counties.json",
  "cities.json",
  "city-content.json",
  "services.json",
  "service-pages.json",
  "faq.json",
  "process.json",
  "reasons.json",
] as const

type ListFile = (typeof LIST_FILES)[number]

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const PHONE = /^\(\d{3}\) \d{3}-\d{4}$/
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/
const SITE_URL = /^https?:\/\/[a-z0-9.-]+(?::\d+)?$/i
const WEB_ADDRESS = /^https:\/\/[^\s]+$/
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/
const IMAGE_FILE = /^[a-z0-9-]+\.(?:png|jpe?g|webp|avif)$/
const WEEKDAY = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/

const text: FieldRule = { kind: "text" }
const slug: FieldRule = { kind: "text", pattern: KEBAB, hint: "kebab-case, like west-valley-city" }
const questionsAndAnswers: Fields = { question: text, answer: text }
const latitude: FieldRule = { kind: "number", min: -90, max: 90 }
const longitude: FieldRule = { kind: "number", min: -180, max: 180 }

const SCHEMAS: Record<ListFile, Fields> = {
  "counties.json": {
    slug,
    name: text,
    hubCity: slug,
    summary: text,
    description: text,
    // A generous box around the county: the area the structured data declares, and where its cities must lie.
    bounds: { kind: "object", fields: { south: latitude, west: longitude, north: latitude, east: longitude } },
    image: { kind: "text", pattern: IMAGE_FILE, hint: "a file name in src/images, like county-salt-lake.png" },
    imageAlt: text,
  },
  "cities.json": {
    slug,
    name: text,
    county: slug,
    geo: { kind: "object", fields: { latitude, longitude } },
    nearby: { kind: "texts", min: 1 },
  },
  "city-content.json": {
    city: slug,
    localInfo: text,
    weatherConsiderations: text,
    popularProjects: { kind: "texts", min: 4 },
    nearbyLandmarks: { kind: "texts", min: 4 },
    faq: { kind: "objects", min: 1, max: 2, fields: questionsAndAnswers },
  },
  "services.json": {
    slug,
    title: text,
    description: text,
    features: { kind: "texts", min: 4, max: 4 },
    image: { kind: "text", pattern: IMAGE_FILE, hint: "a file name in src/images, like service-driveways.png" },
  },
  "service-pages.json": {
    slug,
    name: text,
    headline: text,
    intro: text,
    // The page title adds " | " and the business name; search results cut titles at about 60 characters.
    metaTitle: { kind: "text", maxLength: 46, hint: "the page title adds the business name after it" },
    metaDescription: text,
    keywords: { kind: "texts", min: 1 },
    serviceType: text,
    featureLists: { kind: "objects", min: 1, fields: { heading: text, items: { kind: "texts", min: 1 } } },
    sections: { kind: "objects", min: 1, fields: { heading: text, paragraphs: { kind: "texts", min: 1 } } },
    process: { kind: "objects", min: 1, fields: { title: text, description: text } },
  },
  "faq.json": questionsAndAnswers,
  "process.json": { number: { kind: "number", min: 1, integer: true }, title: text, description: text },
  "reasons.json": { title: text, description: text },
}

const BUSINESS: Fields = {
  name: text,
  phone: { kind: "text", pattern: PHONE, hint: "like (801) 555-0142" },
  email: { kind: "text", pattern: EMAIL, hint: "like estimates@example.com" },
  siteUrl: { kind: "text", pattern: SITE_URL, hint: "like https://www.example.com, without a trailing slash" },
  addressRegion: text,
  addressCountry: text,
  priceRange: text,
  // The promises every page makes: the workmanship warranty and how soon the written quote follows the visit.
  warrantyYears: { kind: "number", min: 1, integer: true },
  quoteWithinHours: { kind: "number", min: 1, integer: true },
  // Optional: only a real rating from real reviews, which the site then shows beside the markup; the other
  // optional facts below are shown only once the business has set them, and nothing in their place.
  rating: {
    kind: "object",
    optional: true,
    fields: {
      value: { kind: "number", min: 1, max: 5 },
      count: { kind: "number", min: 1, integer: true },
      url: {
        kind: "text",
        optional: true,
        pattern: WEB_ADDRESS,
        hint: "the https:// address where the reviews are read",
      },
    },
  },
  licenseNumber: { kind: "text", optional: true },
  insurance: { kind: "text", optional: true },
  inBusinessSince: { kind: "number", min: 1900, max: 2100, integer: true, optional: true },
  hours: {
    kind: "objects",
    min: 1,
    fields: {
      days: { kind: "texts", min: 1, item: { kind: "text", pattern: WEEKDAY, hint: "a day name such as Monday" } },
      opens: { kind: "text", pattern: TIME, hint: "24-hour HH:MM" },
      closes: { kind: "text", pattern: TIME, hint: "24-hour HH:MM" },
    },
  },
}

function checkFields(value: Entry, fields: Fields, path: string, report: (field: string, message: string) => void) {
  for (const [name, rule] of Object.entries(fields)) {
    const field = path ? `${path}.${name}` : name
    checkValue(value[name], rule, field, report)
  }
}

function checkValue(value: unknown, rule: FieldRule, field: string, report: (field: string, message: string) => void) {
  if (rule.optional && value === undefined) return
  switch (rule.kind) {
    case "text":
      if (typeof value !== "string" || value.trim() === "") report(field, "is required and must be non-empty text")
      else if (rule.pattern && !rule.pattern.test(value))
        report(field, `"${value}" is not well formed${rule.hint ? ` (expected ${rule.hint})` : ""}`)
      else if (rule.maxLength !== undefined && value.length > rule.maxLength)
        report(
          field,
          `"${value}" is ${value.length} characters; at most ${rule.maxLength}${rule.hint ? ` (${rule.hint})` : ""}`,
        )
      return
    case "number":
      if (typeof value !== "number" || Number.isNaN(value)) report(field, "is required and must be a number")
      else if (rule.integer && !Number.isInteger(value)) report(field, `${value} must be a whole number`)
      else if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max))
        report(field, `${value} must be between ${rule.min ?? "-∞"} and ${rule.max ?? "∞"}`)
      return
    case "object":
      if (!isObject(value)) report(field, "is required and must be an object")
      else checkFields(value, rule.fields, field, report)
      return
    case "texts":
    case "objects": {
      if (!Array.isArray(value)) {
        report(field, "is required and must be a list")
        return
      }
      if (value.length < rule.min || (rule.max !== undefined && value.length > rule.max)) {
        const range =
          rule.max === rule.min
            ? `exactly ${rule.min}`
            : rule.max
              ? `${rule.min} to ${rule.max}`
              : `at least ${rule.min}`
        report(field, `has ${value.length} items; it needs ${range}`)
      }
      value.forEach((item, index) => {
        const itemField = `${field}[${index}]`
        if (rule.kind === "texts") checkValue(item, rule.item ?? text, itemField, report)
        else if (!isObject(item)) report(itemField, "must be an object")
        else checkFields(item, rule.fields, itemField, report)
      })
      return
    }
  }
}

/** Validates every content file; an empty list means the content is fit to build. */
export function validateContent(files: ContentFiles): ContentError[] {
  const errors: ContentError[] = []
  const reporter = (file: string, entry: string) => (field: string, message: string) =>
    errors.push({ file, entry, field, message })

  const business = files["business.json"]
  if (!isObject(business))
    errors.push({ file: "business.json", entry: "(file)", field: "(root)", message: "must be a JSON object" })
  else checkFields(business, BUSINESS, "", reporter("business.json", "business"))

  const lists: Partial<Record<ListFile, Entry[]>> = {}
  for (const file of LIST_FILES) {
    const list = files[file]
    if (!Array.isArray(list)) {
      errors.push({ file, entry: "(file)", field: "(root)", message: "must be a JSON array of entries" })
      continue
    }
    if (list.length === 0)
      errors.push({ file, entry: "(file)", field: "(count)", message: "has no entries; the site needs at least one" })
    list.forEach((entry, index) => {
      const report = reporter(file, entryLabel(entry, index))
      if (!isObject(entry)) report("(entry)", "must be an object")
      else {
        if ("id" in entry) report("id", 'the key "id" is reserved by Gatsby; rename it')
        checkFields(entry, SCHEMAS[file], "", report)
      }
    })
    lists[file] = list.filter(isObject)
  }

  const keyed = (file: ListFile, key: string) => {
    const seen = new Map<string, number>()
    ;(lists[file] ?? []).forEach((entry, index) => {
      const value = entry[key]
      if (typeof value !== "string") return
      if (seen.has(value))
        errors.push({
          file,
          entry: entryLabel(entry, index),
          field: key,
          message: `"${value}" is already used by entry #${seen.get(value)}; each ${key} must be unique`,
        })
      else seen.set(value, index)
    })
    return seen
  }

  const counties = keyed("counties.json", "slug")
  const cities = keyed("cities.json", "slug")
  const contents = keyed("city-content.json", "city")
  const services = keyed("services.json", "slug")
  keyed("service-pages.json", "slug")
  const mustExist = (
    file: ListFile,
    field: string,
    known: Map<string, number>,
    what: string,
    values: (entry: Entry) => unknown[],
  ) =>
    (lists[file] ?? []).forEach((entry, index) =>
      values(entry).forEach((value, position) => {
        if (typeof value === "string" && KEBAB.test(value) && !known.has(value)) {
          const name = Array.isArray(entry[field]) ? `${field}[${position}]` : field
          errors.push({
            file,
            entry: entryLabel(entry, index),
            field: name,
            message: `"${value}" is not a known ${what}`,
          })
        }
      }),
    )

  mustExist("cities.json", "county", counties, "county slug in counties.json", entry => [entry.county])
  mustExist("cities.json", "nearby", cities, "city slug in cities.json", entry =>
    Array.isArray(entry.nearby) ? entry.nearby : [],
  )
  mustExist("counties.json", "hubCity", cities, "city slug in cities.json", entry => [entry.hubCity])
  mustExist("city-content.json", "city", cities, "city slug in cities.json", entry => [entry.city])
  mustExist("service-pages.json", "slug", services, "service slug in services.json", entry => [entry.slug])

  ;(lists["cities.json"] ?? []).forEach((city, index) => {
    const label = entryLabel(city, index)
    if (typeof city.slug !== "string") return
    if (!contents.has(city.slug))
      errors.push({
        file: "city-content.json",
        entry: `(missing) "${city.slug}"`,
        field: "city",
        message: `cities.json lists ${label} but city-content.json has no entry with "city": "${city.slug}"`,
      })
    if (typeof city.name === "string" && slugFromName(city.name) !== city.slug)
      errors.push({
        file: "cities.json",
        entry: label,
        field: "slug",
        message: `must be the name lowercased and hyphenated ("${slugFromName(city.name)}"), as city page addresses are`,
      })
    if (Array.isArray(city.nearby) && city.nearby.includes(city.slug))
      errors.push({ file: "cities.json", entry: label, field: "nearby", message: "a city cannot be its own neighbour" })
  })

  errors.push(...checkPlaces(lists["cities.json"] ?? [], lists["counties.json"] ?? []))

  ;(lists["counties.json"] ?? []).forEach((county, index) => {
    const hub = (lists["cities.json"] ?? []).find(city => city.slug === county.hubCity)
    if (hub && hub.county !== county.slug)
      errors.push({
        file: "counties.json",
        entry: entryLabel(county, index),
        field: "hubCity",
        message: `"${String(county.hubCity)}" is in county "${String(hub.county)}", not "${String(county.slug)}"`,
      })
  })

  return errors
}

export const formatContentErrors = (errors: ContentError[]): string =>
  [
    `The content in data/ has ${errors.length} problem${errors.length === 1 ? "" : "s"}; fix ${errors.length === 1 ? "it" : "them"} and build again:`,
    ...errors.map(error => `  data/${error.file} › entry ${error.entry} › field "${error.field}": ${error.message}`),
  ].join("\n")
