/*
 * The Leads view as an app on the owner's Home Screen (src/admin/leads/app.ts names its files): the web app
 * manifest, named after the business and scoped to /admin/leads/ alone; the service worker that shows the
 * pushes (src/admin/leads/sw.ts, bundled like the view's own script); and its icons, drawn from the site's
 * favicon (static/favicon.svg) on the header's slate, since a Home Screen shows no transparent corner.
 */
import fs from "fs"
import path from "path"
import sharp from "sharp"
import { ICON_SIZES, iconFile, MANIFEST_FILE, SERVICE_WORKER_FILE } from "../../admin/leads/app"
import { colors } from "../../styles/theme"
import { bundleAdminScript } from "./admin-script"

/** The app's folder under /admin/, where the Leads page is. */
export const LEADS_FOLDER = "leads/"

/** The <head> lines of the Leads page that make it installable; `leadsPath` is the page's own path. */
export const leadsAppHead = (leadsPath: string) => [
  `<link rel="manifest" href="${leadsPath}${MANIFEST_FILE}"/>`,
  `<link rel="apple-touch-icon" href="${leadsPath}${iconFile(ICON_SIZES[0])}"/>`,
  `<meta name="theme-color" content="${colors.slate}"/>`,
]

/**
 * The manifest. Its addresses are relative to its own, /admin/leads/manifest.webmanifest, so the app starts at
 * the Leads view and its scope ends there: the content manager and the public site open in the browser.
 */
export const leadsManifest = (businessName: string) =>
  `${JSON.stringify(
    {
      id: "./",
      name: `Leads · ${businessName}`,
      short_name: "Leads",
      start_url: "./",
      scope: "./",
      display: "standalone",
      background_color: colors.slate,
      theme_color: colors.slate,
      icons: ICON_SIZES.map(size => ({ src: iconFile(size), sizes: `${size}x${size}`, type: "image/png" })),
    },
    null,
    2,
  )}\n`

/** A square PNG of the favicon, `size` pixels wide. */
export async function leadsIcon(root: string, size: number): Promise<Buffer> {
  const svg = fs.readFileSync(path.join(root, "static", "favicon.svg"))
  // Drawn larger than the largest icon, then scaled down, whatever size the favicon's own drawing is.
  return sharp(svg, { density: 1_200 }).resize(size, size).flatten({ background: colors.slate }).png().toBuffer()
}

const SERVICE_WORKER = `${LEADS_FOLDER}${SERVICE_WORKER_FILE}`
const ICONS = new Map(ICON_SIZES.map(size => [`${LEADS_FOLDER}${iconFile(size)}`, size]))

/** The app's files other than the manifest, by their path under /admin/: the service worker and the icons. */
export const LEADS_APP_FILES = [SERVICE_WORKER, ...ICONS.keys()]

/** One of LEADS_APP_FILES, made from its source; undefined for any other name. */
export async function leadsAppFile(root: string, name: string): Promise<string | Buffer | undefined> {
  if (name === SERVICE_WORKER) return bundleAdminScript(root, `${LEADS_FOLDER}sw.ts`)
  const size = ICONS.get(name)
  return size === undefined ? undefined : leadsIcon(root, size)
}
