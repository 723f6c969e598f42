/*
 * The shape of every content file in data/, as yup schemas: what each entry holds, which fields are
 * required, their patterns and limits. The build validates with them (validation.ts), the
 * GraphQL node types are written from them (node-types.ts), and their messages are written
 * for the person who edits the content. Checks that tie one file to another live in validation.ts.
 */
import { object, type AnyObjectSchema, type AnySchema } from "yup"
import { collection, entry, flag, group, list, numeric, paragraph, text } from "./schema-builders"
import type { ContentMeta, LinkRule } from "./schema-builders"
import { TEXT_FACTS } from "../facts"

export type { ContentMeta, LinkRule } from "./schema-builders"

export const PATTERNS = {
  slug: { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, hint: "lower-case words joined by hyphens, like west-valley-city" },
  phone: { pattern: /^\(\d{3}\) \d{3}-\d{4}$/, hint: "a number written like (801) 555-0142" },
  email: { pattern: /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, hint: "an address like estimates@example.com" },
  siteUrl: {
    pattern: /^https?:\/\/[a-z0-9.-]+(?::\d+)?$/i,
    hint: "an address like https://www.example.com, without a trailing slash",
  },
  webAddress: { pattern: /^https:\/\/[^\s]+$/, hint: "the https:// address where the reviews are read" },
  time: { pattern: /^(?:[01]\d|2[0-3]):[0-5]\d$/, hint: "a 24-hour time like 07:00" },
  image: {
    pattern: /^[a-z0-9-]+\.(?:png|jpe?g|webp|avif)$/,
    hint: "a file name in src/images, like service-driveways.png",
  },
  date: { pattern: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, hint: "a date written like 2026-12-01" },
  month: { pattern: /^\d{4}-(?:0[1-9]|1[0-2])$/, hint: "a month written like 2026-09" },
  priceUnit: { pattern: /^(?:square foot|linear foot|job)$/, hint: "square foot, linear foot or job" },
  // What the content manager writes when a photo is uploaded (photo-upload.ts names it); the build reads and
  // resizes it there.
  photo: {
    pattern: /^projects\/[a-z0-9]+(?:-[a-z0-9]+)*\.(?:jpe?g|png|webp|avif)$/,
    hint:
      "a JPEG, PNG, WebP or AVIF photo in src/images/projects/, named in lower-case words joined by hyphens, " +
      "like projects/patio-after.jpg",
  },
  reviewSource: {
    pattern: /^(?:Google|Facebook|Yelp|Nextdoor|Directly to us)$/,
    hint: "Google, Facebook, Yelp, Nextdoor or Directly to us",
  },
  weekday: {
    pattern: /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/,
    hint: "a day name such as Monday",
  },
}

const slug = () => text(PATTERNS.slug)
/**
 * A field naming another entry by its slug (schema-builders.ts › LinkRule): this line is the whole link. The
 * build checks that the entry exists, the page queries get the entry itself, the editor chooses it from a list.
 */
const ref = (to: string, { optional = false, ...rule }: Omit<LinkRule, "to"> & { optional?: boolean } = {}) =>
  text({ ...PATTERNS.slug, optional, link: { to, ...rule } })
const latitude = () => numeric({ min: -90, max: 90 })
const longitude = () => numeric({ min: -180, max: 180 })
const questionAndAnswer = () => ({ question: text(), answer: paragraph() })
const withFacts = { facts: TEXT_FACTS }

export const businessSchema = group("BusinessJson", {
  name: text(),
  phone: text(PATTERNS.phone),
  email: text(PATTERNS.email),
  siteUrl: text(PATTERNS.siteUrl),
  addressRegion: text(),
  addressCountry: text(),
  priceRange: text(),
  // Optional: only a real rating from real reviews, which the site then shows beside the markup.
  rating: group(
    "BusinessRating",
    {
      value: numeric({ min: 1, max: 5 }),
      count: numeric({ min: 1, integer: true }),
      url: text({ ...PATTERNS.webAddress, optional: true }),
    },
    { optional: true },
  ),
  // The promises every page makes: the workmanship warranty and how soon the written quote follows the visit.
  warrantyYears: numeric({ min: 1, integer: true }),
  quoteWithinHours: numeric({ min: 1, integer: true }),
  // Shown in the trust strip only once the business has set them; nothing is shown in their place.
  // The licence also shows in the footer with a link to the state's lookup; the launch check warns while it is unset.
  licenseNumber: text({ optional: true }),
  insurance: text({ optional: true }),
  inBusinessSince: numeric({ min: 1900, max: 2100, integer: true, optional: true }),
  // The dates the owner sets when the privacy policy and the accessibility statement take effect: the
  // deploy build refuses to publish either page without one.
  privacyPolicyEffective: text({ ...PATTERNS.date, optional: true }),
  accessibilityStatementDate: text({ ...PATTERNS.date, optional: true }),
  // What happens at the free estimate visit (beside every estimate form). How long it takes and who comes are
  // the owner's to say: until set, nothing is said about them.
  visit: group("EstimateVisit", {
    checks: list(text({ hint: 'what is looked at, read after "We look at": the grade and the soil' }), 1),
    quoteIncludes: text({ hint: "what the written quote lists, like scope, slab thickness, mix and schedule" }),
    lengthMinutes: numeric({ min: 5, max: 480, integer: true, optional: true }),
    whoComes: text({ optional: true, maxLength: 80, hint: "who visits, like Our owner, who runs every crew" }),
    // The text a visitor's phone starts for them when they ask for the visit by text message.
    textMessage: text({ maxLength: 160, hint: "the start of the visitor's text message" }),
  }),
  // The warranty's terms as the owner writes them; /warranty shows each once set, and the launch check lists
  // the ones still missing. The years are warrantyYears.
  warranty: group(
    "WarrantyTerms",
    {
      covers: list(text(), 1, undefined, { optional: true }),
      excludes: list(text(), 1, undefined, { optional: true }),
      claim: paragraph({ optional: true }),
    },
    { optional: true },
  ),
  hours: list(
    group(
      "BusinessHours",
      { days: list(text(PATTERNS.weekday), 1), opens: text(PATTERNS.time), closes: text(PATTERNS.time) },
      { inList: true },
    ),
    1,
  ),
}).typeError("must be a JSON object")

/** One city's file, data/cities/<slug>.json: the city and its local content. */
export const citySchema = entry("CitiesJson", {
  slug: slug(),
  name: text(),
  county: ref("CountiesJson", { back: "cities" }),
  geo: group("GeoPoint", { latitude: latitude(), longitude: longitude() }),
  // The city's own picks; gatsby-node's resolver adds every city that lists this one (places.ts, neighboursOf).
  nearby: list(ref("CitiesJson", { bothWays: true }), 1),
  localInfo: paragraph(),
  weatherConsiderations: paragraph(),
  popularProjects: list(text(), 4),
  nearbyLandmarks: list(text(), 4),
  faq: list(group("QuestionAndAnswer", questionAndAnswer(), { inList: true }), 1, 2),
}).typeError("must be a JSON object")

/** Photos of a project: what the project page and its cards show, at most 12. */
export const MAX_PROJECT_PHOTOS = 12

/** One finished job, data/projects/<slug>.json; the file's name is the project page's address. */
export const projectSchema = entry("ProjectsJson", {
  // The page title adds the city when it fits, and the business name; search results cut titles at about 60 characters.
  title: text({ maxLength: 46, hint: "a short title, like Stamped patio and fire-pit pad" }),
  service: ref("ServicesJson"),
  city: ref("CitiesJson"),
  finished: text(PATTERNS.month),
  description: paragraph(),
  photos: list(
    group(
      "ProjectPhoto",
      {
        image: text({ ...PATTERNS.photo, photo: true, graphql: 'File! @link(by: "relativePath")' }),
        alt: text({ maxLength: 200, hint: "what the photo shows, for visitors who cannot see it" }),
        before: flag(),
      },
      { inList: true },
    ),
    1,
    MAX_PROJECT_PHOTOS,
  ),
  featured: flag(),
}).typeError("must be a JSON object")

/** One customer's review, data/reviews/<slug>.json, in the customer's own words. */
export const reviewSchema = entry("ReviewsJson", {
  text: paragraph(),
  name: text({ maxLength: 60, hint: "the name as the customer gave it, like Dana R." }),
  date: text(PATTERNS.date),
  rating: numeric({ min: 1, max: 5, integer: true }),
  source: text(PATTERNS.reviewSource),
  url: text({ ...PATTERNS.webAddress, optional: true }),
  city: ref("CitiesJson", { optional: true }),
  service: ref("ServicesJson", { optional: true }),
}).typeError("must be a JSON object")

/** The folders that hold an entry per file, and the schema each file passes. */
export const FOLDERS = {
  "cities/": { schema: citySchema, noun: "city", display: "name", required: true },
  "projects/": { schema: projectSchema, noun: "project", display: "title", required: false },
  "reviews/": { schema: reviewSchema, noun: "review", display: "name", required: false },
}

export type Folder = keyof typeof FOLDERS

/** The folder a file of data/ lies in, when it is one of an entry per file. */
export const folderOf = (file: string): Folder | undefined =>
  (Object.keys(FOLDERS) as Folder[]).find(
    folder => file.startsWith(folder) && /^[^/]+\.json$/.test(file.slice(folder.length)),
  )

/** The files that hold a list of entries, under one key so that an editor can open them. */
export const listFiles = {
  "counties.json": {
    key: "counties",
    noun: "county",
    display: "name",
    entry: entry("CountiesJson", {
      slug: slug(),
      name: text(),
      hubCity: ref("CitiesJson"),
      summary: paragraph(),
      description: paragraph(),
      // A generous box around the county: the area the structured data declares, and where its cities must lie.
      bounds: group("CountyBounds", { south: latitude(), west: longitude(), north: latitude(), east: longitude() }),
      // The county's hero artwork, which its city pages share.
      image: text({
        ...PATTERNS.image,
        hint: "a file name in src/images, like county-salt-lake.png",
        graphql: 'File! @link(by: "relativePath")',
      }),
      imageAlt: text(),
    }),
  },
  "services.json": {
    key: "services",
    noun: "service",
    display: "title",
    entry: entry("ServicesJson", {
      slug: slug(),
      title: text(),
      // Joined with the others into the running text of the home, estimate and city pages and the footer.
      phrase: text({ hint: "the service as it reads inside a sentence, in lower case: patios and RV pads" }),
      description: paragraph(),
      features: list(text(), 4, 4),
      image: text({ ...PATTERNS.image, graphql: 'File! @link(by: "relativePath")' }),
      // What recent jobs came to, from the owner's own figures, dated; shown only when set (price.ts).
      price: group(
        "ServicePrice",
        {
          low: numeric({ min: 1, integer: true }),
          high: numeric({ min: 1, integer: true }),
          unit: text(PATTERNS.priceUnit),
          includes: text({ hint: "what the figures include, like tear-out, base, rebar and a broom finish" }),
          smallestJob: text({ optional: true, hint: "the smallest job taken, like a 10 × 10 ft pad" }),
          checked: text(PATTERNS.month),
        },
        { optional: true },
      ).test({
        name: "range",
        skipAbsent: true,
        test(value, context) {
          const { low, high } = value as { low?: unknown; high?: unknown }
          if (typeof low !== "number" || typeof high !== "number" || low <= high) return true
          return context.createError({
            path: `${context.path}.low`,
            message: `${low} is above the high figure, ${high}`,
          })
        },
      }),
    }),
  },
  "service-pages.json": {
    key: "pages",
    noun: "service page",
    display: "name",
    entry: entry("ServicePagesJson", {
      // The service the page describes, which links back to it as its `page`.
      slug: ref("ServicesJson", { back: "page" }),
      name: text(),
      headline: text(),
      intro: paragraph(),
      // The page title adds " | " and the business name; search results cut titles at about 60 characters.
      metaTitle: text({ maxLength: 46, hint: "the page title adds the business name after it" }),
      metaDescription: paragraph(),
      keywords: list(text(), 1),
      serviceType: text(),
      featureLists: list(group("ServiceFeatureList", { heading: text(), items: list(text(), 1) }, { inList: true }), 1),
      sections: list(
        group("ServiceSection", { heading: text(), paragraphs: list(paragraph(), 1) }, { inList: true }),
        1,
      ),
      process: list(group("ServiceStep", { title: text(), description: paragraph() }, { inList: true }), 1),
    }),
  },
  "faq.json": {
    key: "questions",
    noun: "question",
    display: "question",
    entry: entry("FaqJson", { question: text(), answer: paragraph(withFacts) }),
  },
  "process.json": {
    key: "steps",
    noun: "step",
    display: "title",
    entry: entry("ProcessJson", {
      number: numeric({ min: 1, integer: true }),
      title: text(),
      description: paragraph(),
    }),
  },
  "reasons.json": {
    key: "reasons",
    noun: "reason",
    display: "title",
    entry: entry("ReasonsJson", { title: text(withFacts), description: paragraph(withFacts) }),
  },
}

export type ListFile = keyof typeof listFiles

/** The list files in data/, in the order the validation reads them. */
export const LIST_FILES = Object.keys(listFiles) as ListFile[]

/** The schema a whole file's content must pass, by its path inside data/. */
export const schemaOf = (file: string): AnySchema | undefined => {
  if (file === "business.json") return businessSchema
  const folder = folderOf(file)
  if (folder) return FOLDERS[folder].schema
  const listed = listFiles[file as ListFile]
  if (!listed) return undefined
  const message = `must be a JSON object holding the list "${listed.key}"`
  return object({ [listed.key]: collection(listed.entry) })
    .strict()
    .typeError(message)
    .required(message)
}

/** Every node type the content makes: the business, each list's entries, the cities, projects and reviews. */
export const nodeSchemas = [
  businessSchema,
  ...LIST_FILES.map(file => listFiles[file].entry),
  ...Object.values(FOLDERS).map(folder => folder.schema),
]

/** Where a content type's entries live: a list file under its key, or a folder with a file per entry. */
export type Place = { file: ListFile; key: string } | { folder: Folder }

/** A type that other entries can name: its schema, where its entries are, and how an editor sees one. */
export interface ContentType {
  type: string
  schema: AnyObjectSchema
  place: Place
  /** What a message calls one entry: "county". */
  noun: string
  /** The field a list of entries shows and sorts by: "name". */
  display: string
}

const typeName = (schema: AnySchema): string => schema.describe().meta?.type

/** Every content type with entries, by its GraphQL type name. */
export const contentTypes: ReadonlyMap<string, ContentType> = new Map(
  [
    ...LIST_FILES.map(file => {
      const { key, entry: schema, noun, display } = listFiles[file]
      return { type: typeName(schema), schema, place: { file, key }, noun, display }
    }),
    ...(Object.keys(FOLDERS) as Folder[]).map(folder => {
      const { schema, noun, display } = FOLDERS[folder]
      return { type: typeName(schema), schema, place: { folder }, noun, display }
    }),
  ].map(declared => [declared.type, declared]),
)

/** The content type a link names; a link to a type that holds no entries is a mistake in this file. */
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
