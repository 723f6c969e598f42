/*
 * The Decap CMS configuration served at /admin/config.yml (JSON is YAML): one collection for the business's
 * facts and the site-wide lists, and one per folder of entries (cities, projects, reviews), a file each, so
 * adding a city is adding a file. A type's fields come from its yup schema (fields.ts), its labels, hints and
 * collection settings from its declaration (content/types/). The backend is Decap's local one on localhost or
 * CMS_HOST (decap-server, `npm run cms`, local-host.cjs) and GitHub elsewhere (docs/content.md › The content
 * manager).
 */
import type { AnyObjectSchema } from "yup"
import { LOCAL_BACKEND_PORT, LOOPBACK, listenHost, localBackend } from "./local-host.cjs"
import type { Editor, FolderCollection, FolderType, ListType } from "../../lib/content/declaration"
import { contentType, FOLDER_TYPES, LIST_TYPES, SITE_FILE } from "../../lib/content/schemas"
import { cmsFields, compact, labelOf, type CmsField, type Relations } from "./fields"

export const SITE_COLLECTION = "site"
export { LOCAL_BACKEND_PORT }
export const LOCAL_BACKEND_URL = localBackend(LOOPBACK).url

/** A folder's collection is named after the folder: "cities". */
const collectionOf = (folder: string) => folder.replace(/\/$/, "")
/** A file's name in the site's collection: "counties". */
const fileNameOf = (file: string) => file.replace(/\.json$/, "")

/**
 * The relation that offers the existing entries of a type, from where its entries live and the field an
 * editor knows one by (schemas.ts › contentTypes): a link a schema declares is chosen, never typed.
 */
export const relationTo: Relations = type => {
  const { place, display } = contentType(type)
  if ("file" in place)
    return {
      collection: SITE_COLLECTION,
      file: fileNameOf(place.file),
      value_field: `${place.key}.*.slug`,
      search_fields: [`${place.key}.*.${display}`],
      display_fields: [`${place.key}.*.${display}`],
    }
  // A folder's entry is named by its file's name unless it states a slug.
  const { fields } = contentType(type).schema.describe() as unknown as { fields: Record<string, unknown> }
  return {
    collection: collectionOf(place.folder),
    value_field: fields.slug ? "slug" : "{{slug}}",
    search_fields: [display],
    display_fields: [display],
    options_length: 100,
  }
}

/**
 * A type's fields, in the words its declaration gives (labels, singular names), each with the hint it declares:
 * what the build checks across files.
 */
const fieldsOf = ({ schema, editor }: { schema: AnyObjectSchema; editor: Editor }): CmsField[] =>
  cmsFields(schema, { relations: relationTo, labels: editor.labels, singulars: editor.singulars }).map(field =>
    editor.hints?.[field.name] ? { ...field, hint: editor.hints[field.name] } : field,
  )

/**
 * The preview pane draws the site's own page for the types that declare it (src/admin/preview/register.ts
 * registers the same, and cms-config.test.ts holds the two together): the business's facts (the home page), the
 * service pages, a city and a project. The other lists show on pages made of several files, which the pane
 * does not draw; their editor has no pane.
 */
const editorOf = ({ preview }: Editor) => ({ preview })

interface CmsFile {
  name: string
  label: string
  file: string
  fields: CmsField[]
  editor?: { preview: boolean }
}

/** A collection: the site's files, or a folder's entries with its settings. */
type CmsCollection = Partial<FolderCollection> & {
  name: string
  label: string
  folder?: string
  format: string
  extension: string
  create?: boolean
  delete: boolean
  editor: { preview: boolean }
  files?: CmsFile[]
  fields?: CmsField[]
}

function listFile(listed: ListType): CmsFile {
  const { file, key, editor } = listed
  return {
    name: fileNameOf(file),
    editor: editorOf(editor),
    label: editor.label,
    file: `data/${file}`,
    fields: [
      {
        name: key,
        label: labelOf(key, editor.labels),
        widget: "list",
        required: true,
        min: 1,
        collapsed: true,
        summary: editor.summary,
        fields: fieldsOf(listed),
      },
    ],
  }
}

/** A folder's collection: a file per entry, which the editor creates and deletes. */
function folderCollection(declared: FolderType): CmsCollection {
  const { label_singular, ...settings } = declared.editor.collection
  const name = collectionOf(declared.folder)
  return {
    name,
    label: declared.editor.label,
    label_singular,
    folder: `data/${name}`,
    format: "json",
    extension: "json",
    create: true,
    delete: true,
    ...settings,
    editor: editorOf(declared.editor),
    fields: fieldsOf(declared),
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
 * the site's own origin, where the site's Worker runs its sign-in (worker/sign-in/). Decap accepts the
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

/** The site's collection: the business's facts, then each list file. */
function siteCollection(): CmsCollection {
  const business: CmsFile = {
    name: fileNameOf(SITE_FILE.file),
    label: SITE_FILE.editor.label,
    file: `data/${SITE_FILE.file}`,
    editor: editorOf(SITE_FILE.editor),
    fields: fieldsOf(SITE_FILE),
  }
  return {
    name: SITE_COLLECTION,
    label: "Business and site-wide content",
    format: "json",
    extension: "json",
    delete: false,
    editor: { preview: false },
    files: [business, ...LIST_TYPES.map(listFile)],
  }
}

/** The whole configuration, as the CMS reads it. */
export function cmsConfig(env: NodeJS.ProcessEnv, siteUrl: string) {
  return compact({
    backend: backendOf(env, siteUrl),
    local_backend: localBackend(listenHost(env)),
    site_url: siteUrl,
    display_url: siteUrl,
    // Required by Decap; the content names its pictures by file name, and adding one is a developer's job.
    media_folder: "src/images",
    collections: [siteCollection(), ...FOLDER_TYPES.map(folderCollection)],
  })
}
