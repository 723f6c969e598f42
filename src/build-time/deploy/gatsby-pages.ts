/**
 * Each page as Gatsby wrote it, whichever build wrote it. A warm build (the hosts keep .cache/ and public/)
 * renders again only the pages whose code or data changed and leaves the others in public/ as the last build
 * finished them, with their policy already in. So every page Gatsby writes is kept, as written, in a folder
 * beside Gatsby's own cache; a page that already carries its policy is read back from there, and the rewrites
 * start from Gatsby's output every time: a warm build finishes each page byte for byte as a cold one would.
 * Each page is read through page-bytes.ts, which removes the NUL bytes React's renderer can leave in it.
 */
import fs from "fs"
import path from "path"
import { wholePage } from "./page-bytes"
import { isRewritten, RewrittenPageError } from "./rewritten"

/** Where the pages Gatsby wrote are kept: in .cache/, which `gatsby clean` empties with the rest. */
export const keptPagesDir = (siteDir: string): string => path.join(siteDir, ".cache/caches/site-deploy/gatsby-pages")

/**
 * The HTML Gatsby wrote for `file` (a path under public/), this build or an earlier one. Without `keptDir`
 * (a caller that runs on a fresh public/ only) a page already rewritten is refused.
 */
export function gatsbyPage(publicDir: string, file: string, keptDir?: string): string {
  const html = wholePage(fs.readFileSync(path.join(publicDir, file)), file)
  const kept = keptDir && path.join(keptDir, file)
  if (!isRewritten(html)) {
    if (kept) {
      fs.mkdirSync(path.dirname(kept), { recursive: true })
      fs.writeFileSync(kept, html)
    }
    return html
  }
  if (kept && fs.existsSync(kept)) return wholePage(fs.readFileSync(kept), file)
  throw new RewrittenPageError("a policy <meta>")
}

/** Forgets the kept pages Gatsby no longer builds (it deleted their HTML from public/). */
export function forgetRemovedPages(keptDir: string, pages: string[]): void {
  if (!fs.existsSync(keptDir)) return
  const current = new Set(pages)
  for (const entry of fs.readdirSync(keptDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.relative(keptDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")
    if (!current.has(file)) fs.rmSync(path.join(keptDir, file))
  }
}
