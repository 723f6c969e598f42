/*
 * The Decap CMS configuration served at /admin/config.yml (JSON is YAML): one collection for the business's
 * facts and the site-wide lists, one folder collection of cities, a file each, so adding a city is adding a
 * file. The fields come from the build's yup schemas (fields.ts). The backend is Decap's local one on
 * localhost or CMS_HOST (decap-server, `npm run cms`, local-host.cjs) and GitHub elsewhere (docs/content.md ›
 * The content manager).
 */
import { LOCAL_BACKEND_PORT, LOOPBACK, listenHost, localBackend } from "./local-host.cjs"
import {
  businessSchema,
  citySchema,
  contentType,
  LIST_FILES,
  listFiles,
  projectSchema,
  reviewSchema,
  type ListFile,
} from "../../lib/content/schemas"
import { cmsFields, compact, labelOf, type CmsField, type Relations } from "./fields"
import { MAX_NEIGHBOUR_KM } from "../../lib/content/places"
import { PHOTO_MAX_WIDTH } from "../../lib/content/photo-upload"

export const SITE_COLLECTION = "site"
// A folder's collection is named after the folder (relationTo).
export const CITIES_COLLECTION = "cities"
export const PROJECTS_COLLECTION = "projects"
export const REVIEWS_COLLECTION = "reviews"
/** Where the editor saves a project's photos: inside the folder the image pipeline reads (src/images). */
export const PROJECT_PHOTOS_FOLDER = "src/images/projects"
export { LOCAL_BACKEND_PORT }
export const LOCAL_BACKEND_URL = localBackend(LOOPBACK).url

/**
 * The relation that offers the existing entries of a type, from where its entries live and the field an
 * editor knows one by (schemas.ts › contentTypes): a link a schema declares is chosen, never typed.
 */
export const relationTo: Relations = type => {
  const { place, display } = contentType(type)
  if ("file" in place)
    return {
      collection: SITE_COLLECTION,
      file: place.file.replace(/\.json$/, ""),
      value_field: `${place.key}.*.slug`,
      search_fields: [`${place.key}.*.${display}`],
      display_fields: [`${place.key}.*.${display}`],
    }
  // A folder's collection is named after it; a folder's entry is named by its file's name unless it states a slug.
  const { fields } = contentType(type).schema.describe() as unknown as { fields: Record<string, unknown> }
  return {
    collection: place.folder.replace(/\/$/, ""),
    value_field: fields.slug ? "slug" : "{{slug}}",
    search_fields: [display],
    display_fields: [display],
    options_length: 100,
  }
}

/** What the build checks across files, said where the editor types. */
const HINTS: Record<string, string> = {
  "business.rating":
    "Only a rating from real reviews, which the site then shows: give the value and the count, " +
    "or leave all three empty.",
  "business.visit":
    "What happens at the free estimate visit, beside every form. Leave how long it takes and who comes empty " +
    "until you decide them: nothing is said about either until then.",
  "business.warranty":
    "Your warranty's terms, shown on the warranty page. Until a term is written the page says only the years " +
    "and the workmanship, and the deploy build lists what is missing.",
  "services.price":
    "Optional: what your own recent jobs came to, never a guess. Shown on the service page as a guide with " +
    "the month you checked it; the deploy build warns once that month is more than 12 months ago. Leave " +
    "every field empty to show no price.",
  "city.slug":
    "The name in lower case with hyphens, like west-valley-city. It becomes the page's address, " +
    "/locations/west-valley-city/, and the file's name.",
  "city.county": "The county the city is in; its position must lie inside that county's area.",
  "city.nearby":
    `Towns next door or one town away by road, within ${MAX_NEIGHBOUR_KM} km. Both pages link to each other: ` +
    "there is no need to add this city to their lists too.",
  "counties.hubCity": "The county's main city, shown in the menu; it must be a city in this county.",
  "pages.slug": "The service this page describes.",
  "project.title": "A short title, like Stamped patio and fire-pit pad. It also names the page's address.",
  "project.finished": "The month the job was finished, written like 2026-09.",
  "project.description":
    "A few sentences on what was done: the size, the finish, the problem it solved. No customer's name or " +
    "address without their consent.",
  "project.photos":
    "1 to 12 photos of this job, straight from the phone or the camera (JPEG, PNG, WebP or AVIF). Mark the ones " +
    "taken before the work; the first before and the first after are shown side by side. The editor saves each " +
    `as a JPEG at most ${PHOTO_MAX_WIDTH} pixels wide, without the phone's location.`,
  "project.featured": "Shown on the home page (the three newest featured projects).",
  "review.text":
    "The customer's words exactly as they wrote them: do not shorten or correct them. Every review entered " +
    "is shown, whatever its stars.",
  "review.source": "Where the customer left it; 'Directly to us' for a letter, e-mail or text.",
  "review.url": "The address of the review where it was left, when there is one.",
  "review.city": "The customer's city, when known.",
  "review.service": "The service the review is about, when known.",
}

const withHints = (fields: CmsField[], scope: string): CmsField[] =>
  fields.map(field => (HINTS[`${scope}.${field.name}`] ? { ...field, hint: HINTS[`${scope}.${field.name}`] } : field))

/** The label an entry of a list file shows in its collapsed list. */
const SUMMARIES: Record<ListFile, string> = {
  "counties.json": "{{fields.name}}",
  "services.json": "{{fields.title}}",
  "service-pages.json": "{{fields.name}}",
  "faq.json": "{{fields.question}}",
  "process.json": "{{fields.number}}. {{fields.title}}",
  "reasons.json": "{{fields.title}}",
}

const FILE_LABELS: Record<ListFile, string> = {
  "counties.json": "Counties",
  "services.json": "Service cards (home page)",
  "service-pages.json": "Service pages",
  "faq.json": "Questions and answers",
  "process.json": "How the work goes (steps)",
  "reasons.json": "Why choose us (reasons)",
}

interface CmsFile {
  name: string
  label: string
  file: string
  fields: CmsField[]
  editor?: { preview: boolean }
}

/**
 * The entries whose preview pane draws the site's own page (src/admin/preview/register.ts names the same):
 * the business's facts (the home page), the service pages, a city and a project. The other lists show on
 * pages made of several files, which the pane does not draw; their editor has no pane.
 */
export const PREVIEWED = ["business", "service-pages", CITIES_COLLECTION, PROJECTS_COLLECTION] as const
const editorOf = (name: string) => ({ preview: (PREVIEWED as readonly string[]).includes(name) })

function listFile(file: ListFile): CmsFile {
  const { key, entry } = listFiles[file]
  const name = file.replace(/\.json$/, "")
  return {
    name,
    editor: editorOf(name),
    label: FILE_LABELS[file],
    file: `data/${file}`,
    fields: [
      {
        name: key,
        label: labelOf(key),
        widget: "list",
        required: true,
        min: 1,
        collapsed: true,
        summary: SUMMARIES[file],
        fields: withHints(cmsFields(entry, relationTo), key),
      },
    ],
  }
}

/** Stands in for the repository until CMS_REPO (or the host's repository address) is set. */
export const REPO_PLACEHOLDER = "your-account/your-repository"

/** The branch the CMS commits to online, which the host builds. */
export const branchOf = (env: NodeJS.ProcessEnv) => env.CMS_BRANCH || "main"

/** The repository the CMS commits to online: CMS_REPO, else the one Netlify builds from (REPOSITORY_URL). */
export function repositoryOf(env: NodeJS.ProcessEnv): string | undefined {
  if (env.CMS_REPO) return env.CMS_REPO
  const fromHost = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(env.REPOSITORY_URL ?? "")
  return fromHost?.[1]
}

/**
 * Where the GitHub sign-in's pop-up opens (Decap's `base_url`, whose `/auth` it calls): CMS_AUTH_URL when set
 * (an OAuth service elsewhere); nothing on Netlify, whose own OAuth provider Decap uses by default; otherwise
 * the site's own origin, where Cloudflare Pages runs the site's sign-in (functions/auth/). Decap accepts the
 * pop-up's messages only from exactly this origin.
 */
export function signInOriginOf(env: NodeJS.ProcessEnv, siteUrl: string): string | undefined {
  if (env.CMS_AUTH_URL) return env.CMS_AUTH_URL.replace(/\/+$/, "")
  if (env.NETLIFY === "true") return undefined
  return new URL(siteUrl).origin
}

/**
 * The online backend: GitHub, signed in as signInOriginOf says. Netlify's Git Gateway is deprecated for new
 * sites, so it is not offered.
 */
export const backendOf = (env: NodeJS.ProcessEnv, siteUrl: string) =>
  compact({
    name: "github",
    repo: repositoryOf(env) ?? REPO_PLACEHOLDER,
    branch: branchOf(env),
    base_url: signInOriginOf(env, siteUrl),
  })

/** The whole configuration, as the CMS reads it. */
export function cmsConfig(env: NodeJS.ProcessEnv, siteUrl: string) {
  const business: CmsFile = {
    name: "business",
    label: "Business facts",
    file: "data/business.json",
    editor: editorOf("business"),
    fields: withHints(cmsFields(businessSchema), "business"),
  }
  return compact({
    backend: backendOf(env, siteUrl),
    local_backend: localBackend(listenHost(env)),
    site_url: siteUrl,
    display_url: siteUrl,
    // Required by Decap; the content names its pictures by file name, and adding one is a developer's job.
    media_folder: "src/images",
    collections: [
      {
        name: SITE_COLLECTION,
        label: "Business and site-wide content",
        format: "json",
        extension: "json",
        delete: false,
        editor: { preview: false },
        files: [business, ...LIST_FILES.map(listFile)],
      },
      {
        name: CITIES_COLLECTION,
        label: "Cities",
        label_singular: "City",
        folder: "data/cities",
        format: "json",
        extension: "json",
        create: true,
        delete: true,
        identifier_field: "name",
        slug: "{{fields.slug}}",
        summary: "{{name}}",
        sortable_fields: ["name", "county"],
        editor: editorOf(CITIES_COLLECTION),
        fields: withHints(cmsFields(citySchema, relationTo), "city"),
      },
      {
        name: PROJECTS_COLLECTION,
        label: "Projects (our work)",
        label_singular: "Project",
        folder: "data/projects",
        format: "json",
        extension: "json",
        create: true,
        delete: true,
        identifier_field: "title",
        // The file's name is the project page's address: /projects/<title in lower case with hyphens>.
        slug: "{{slug}}",
        summary: "{{title}} ({{finished}})",
        sortable_fields: ["title", "finished"],
        media_folder: `/${PROJECT_PHOTOS_FOLDER}`,
        public_folder: "projects",
        editor: editorOf(PROJECTS_COLLECTION),
        fields: withHints(cmsFields(projectSchema, relationTo), "project"),
      },
      {
        name: REVIEWS_COLLECTION,
        label: "Reviews (customers' words)",
        label_singular: "Review",
        folder: "data/reviews",
        format: "json",
        extension: "json",
        create: true,
        delete: true,
        identifier_field: "name",
        slug: "{{fields.date}}-{{slug}}",
        summary: "{{name}}, {{date}} ({{rating}} of 5)",
        sortable_fields: ["date", "name", "rating"],
        editor: editorOf(REVIEWS_COLLECTION),
        fields: withHints(cmsFields(reviewSchema, relationTo), "review"),
      },
    ],
  })
}
