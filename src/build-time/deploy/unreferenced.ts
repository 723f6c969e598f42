/**
 * Deleted means gone. A warm build starts from the last build's public/, and Gatsby deletes the HTML and page
 * data of a page it no longer builds but never the files under public/static/: every rendition
 * gatsby-plugin-sharp made of a photo the owner has since removed or replaced stays, and stays online at its
 * address. After the last page is written, this removes every file under static/ that no file outside it
 * names: the pages, their page data, the static queries' results, webpack's bundles and styles, /admin/. What
 * the build made this time is named by something it wrote; what an earlier build made for content that is
 * gone is named by nothing.
 *
 * It relies on Gatsby writing its images and copied files under public/static/ and naming them by their
 * address (`/static/…` in pages and page data, `static/…` after webpack's public path in the bundles).
 */
import fs from "fs"
import path from "path"

const STATIC_DIR = "static"
/** The files that may name a static file: text Gatsby, webpack and the content manager write. */
const TEXT_FILE = /\.(html|json|js|mjs|css|xml|txt|webmanifest|yml)$/
/** A static file's address inside text: after a slash, a quote or the start, up to what ends a URL. */
const STATIC_ADDRESS = /(?:^|[^\w.-])static\/([^"'`\s()\\,<>?#]+)/g

/** The static files (relative to public/static/) that the text files among `files` name. */
export function namedStaticFiles(publicDir: string, files: string[]): Set<string> {
  const named = new Set<string>()
  for (const file of files) {
    if (file.startsWith(`${STATIC_DIR}/`) || !TEXT_FILE.test(file)) continue
    const text = fs.readFileSync(path.join(publicDir, file), "utf8")
    for (const [, address] of text.matchAll(STATIC_ADDRESS)) {
      named.add(address)
      try {
        named.add(decodeURI(address))
      } catch {
        // Not percent-encoded text: the address as written is enough.
      }
    }
  }
  return named
}

/** Removes a folder's empty folders, deepest first; the folder itself is kept. */
function removeEmptyFolders(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const child = path.join(dir, entry.name)
    removeEmptyFolders(child)
    if (fs.readdirSync(child).length === 0) fs.rmdirSync(child)
  }
}

/**
 * Deletes the files under public/static/ that nothing else in public/ names. `files`: every file under
 * public/, as finish-build.ts › publicFiles lists them. Returns the deleted files, relative to public/.
 */
export function removeUnreferencedFiles(publicDir: string, files: string[]): string[] {
  const named = namedStaticFiles(publicDir, files)
  const removed = files.filter(
    file => file.startsWith(`${STATIC_DIR}/`) && !named.has(file.slice(STATIC_DIR.length + 1)),
  )
  for (const file of removed) fs.rmSync(path.join(publicDir, file))
  const staticDir = path.join(publicDir, STATIC_DIR)
  if (fs.existsSync(staticDir)) removeEmptyFolders(staticDir)
  return removed
}
