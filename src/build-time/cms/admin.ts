/*
 * /admin/: the page that starts Decap CMS, its configuration (config.ts), the pinned prebuilt bundle
 * (decap-bundle.cjs beside it), the content manager's own script (admin-script.ts: photos, preview pane, phone
 * layout and the banner that follows a publish until it is live, with live-banner.ts's settings) and the owner's
 * Leads view (/admin/leads/, src/admin/leads/, installable as an app: leads-app.ts). gatsby-node.ts writes them
 * into public/admin/ after a build and serves the same files from memory in `gatsby develop`. No public page
 * links to or loads any of it.
 */
import fs from "fs"
import path from "path"
import { BUNDLE_FOLDER, bundleFiles, ensureDecapBundle } from "./decap-bundle.cjs"
import { ADMIN_SCRIPT, buildAdminScript, buildLeadsScript } from "./admin-script"
import { cmsConfig } from "./config"
import { LEADS_APP_FILES, LEADS_FOLDER, leadsAppFile, leadsAppHead, leadsManifest } from "./leads-app"
import { MANIFEST_FILE } from "../../admin/leads/app"

export const ADMIN_PATH = "/admin/"
export const CONFIG_PATH = `${ADMIN_PATH}config.yml`
export const BUNDLE_PATH = `${ADMIN_PATH}${BUNDLE_FOLDER}/`

/** A page for the owner alone under /admin/: not indexed, titled with the business's name. */
const ownerPage = (title: string, businessName: string, head: string[], body: string[]) =>
  [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8"/>',
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
    '<meta name="robots" content="noindex, nofollow"/>',
    `<title>${title} · ${businessName.replace(/[<&]/g, "")}</title>`,
    ...head,
    "</head>",
    "<body>",
    ...body,
    "</body>",
    "</html>",
    "",
  ].join("\n")

/** The page at /admin/: the bundle finds its configuration through the link, wherever the page is served. */
export const adminPage = (businessName: string) =>
  ownerPage(
    "Content manager",
    businessName,
    [`<link href="${CONFIG_PATH}" type="text/yaml" rel="cms-config-url"/>`],
    [
      // The site's script first: it holds Decap's start until its previews are registered (src/admin/index.ts).
      `<script src="${ADMIN_PATH}${ADMIN_SCRIPT}"></script>`,
      `<script src="${BUNDLE_PATH}decap-cms.js"></script>`,
    ],
  )

/** The business as the owner's pages name it: data/business.json's facts. */
export interface OwnerBusiness {
  name: string
  siteUrl: string
  phone: string
  email: string
}

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")

/** The owner's Leads view (src/admin/leads/), a page of its own beside the content manager. */
export const LEADS_SCRIPT = "leads/leads.js"
export const leadsPage = ({ name, phone, email }: OwnerBusiness) =>
  ownerPage("Leads", name, leadsAppHead(`${ADMIN_PATH}${LEADS_FOLDER}`), [
    // The test send (src/admin/leads/test-send.ts) names the business as the estimate form does.
    `<main><h1>Leads</h1><div id="leads" data-business-name="${attribute(name)}" data-business-phone="${attribute(phone)}" data-business-email="${attribute(email)}"><p>Loading the requests…</p></div></main>`,
    `<script src="${ADMIN_PATH}${LEADS_SCRIPT}"></script>`,
  ])

/** JSON is YAML: the configuration as Decap reads it, and as a person can still read it. */
export const configFile = (env: NodeJS.ProcessEnv, siteUrl: string) =>
  `${JSON.stringify(cmsConfig(env, siteUrl), null, 2)}\n`

/** The files of /admin/ written for this site, by name. */
export const adminTexts = (env: NodeJS.ProcessEnv, business: OwnerBusiness) =>
  new Map([
    ["index.html", adminPage(business.name)],
    ["leads/index.html", leadsPage(business)],
    [`${LEADS_FOLDER}${MANIFEST_FILE}`, leadsManifest(business.name)],
    ["config.yml", configFile(env, business.siteUrl)],
  ])

/** The bundle's files, by their path under /admin/, fetched and checked on first use. */
export function bundlePaths(): Map<string, string> {
  const bundleDir = ensureDecapBundle()
  return new Map(bundleFiles(bundleDir).map(name => [`${BUNDLE_FOLDER}/${name}`, path.join(bundleDir, name)]))
}

/**
 * Writes /admin/ into the built site of the project in `root`; returns how many files it holds and the size of
 * the content manager's own script.
 */
export async function writeAdmin(
  root: string,
  env: NodeJS.ProcessEnv,
  business: OwnerBusiness,
): Promise<{ files: number; scriptBytes: number }> {
  const publicDir = path.join(root, "public")
  const target = (name: string) => {
    const file = path.join(publicDir, "admin", name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    return file
  }
  const texts = adminTexts(env, business)
  const bundle = bundlePaths()
  for (const [name, text] of texts) fs.writeFileSync(target(name), text)
  for (const [name, file] of bundle) fs.copyFileSync(file, target(name))
  const script = await buildAdminScript(root, env)
  fs.writeFileSync(target(ADMIN_SCRIPT), script)
  fs.writeFileSync(target(LEADS_SCRIPT), await buildLeadsScript(root, env))
  for (const name of LEADS_APP_FILES) {
    const content = await leadsAppFile(root, name)
    if (content !== undefined) fs.writeFileSync(target(name), content)
  }
  return { files: texts.size + bundle.size + 2 + LEADS_APP_FILES.length, scriptBytes: Buffer.byteLength(script) }
}

/** The little of Express's request and response that the development server's /admin/ route uses. */
export interface DevResponse {
  status: (code: number) => DevResponse
  type: (type: string) => DevResponse
  send: (body: string | Buffer) => void
  sendFile: (file: string) => void
  redirect: (to: string) => void
}
