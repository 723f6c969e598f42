/**
 * The last step of a build, run by gatsby-node.ts › onPostBuild: gathers each page's Emotion styles into its
 * <head>, leaves out Gatsby's chunk map (its loader finds nothing in it) and minifies the early-submit hold
 * (compact-scripts.ts), and has its bundles load on the visitor's first action; then gives each page its
 * Content-Security-Policy (policy.ts): the hashes of the inline scripts and styles that page now carries, the
 * EmailJS origin the form sends to, Google's tag's origins when the build loads it. Last, it completes
 * public/_headers with the policies every path and /admin/ are sent, and the caching rules.
 */
import fs from "fs"
import path from "path"
import { compactScripts } from "./compact-scripts"
import { loadBundlesOnAction, pageCodeOf } from "./on-first-action"
import { gatherEmotionStyles } from "./emotion-styles"
import { completeHeaders, isHashedAsset, pagePathOf } from "./headers"
import { cspHash, inlineCode } from "./inline-code"
import { forgetRemovedPages, gatsbyPage } from "./gatsby-pages"
import { EVERY_PATH_POLICY, pagePolicy, policyMeta } from "./policy"
import { isRewritten, RewrittenPageError } from "./rewritten"

export interface BuildSettings {
  emailjsOrigin: string
  googleTag?: boolean
  /** The policy of /admin/ (policy.ts › adminPolicy). */
  adminPolicy: string
  /** Paths outside webpack's output that never change at the same address: the versioned CMS bundle. */
  immutablePaths?: string[]
  /** Where the pages as Gatsby wrote them are kept for the next, warm build (gatsby-pages.ts › keptPagesDir). */
  keptPagesDir?: string
}

export interface FinishedBuild {
  /** Each built page's policy, by its file under public/. */
  policies: Map<string, string>
  /** The distinct inline scripts and styles of the whole site, each hashed once. */
  scriptHashes: string[]
  styleHashes: string[]
}

/** Every file under public/, relative to it, with "/" between folders, listed once per build. */
export function publicFiles(publicDir: string): string[] {
  return fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort()
}

/**
 * The built pages among public/'s files: Gatsby's own fragments under _gatsby/ are not served as pages, and
 * /admin/ is the CMS's, with a policy of its own.
 */
export const builtPages = (files: string[]): string[] =>
  files.filter(file => file.endsWith(".html") && !/^(_gatsby|page-data|admin)\//.test(file))

/** The top-level folders that hold built pages and no file other than HTML: locations/. */
export function pageFolders(files: string[], pages: string[]): string[] {
  const folders = [...new Set(pages.filter(file => file.includes("/")).map(file => file.split("/")[0]))]
  return folders.filter(folder =>
    files.filter(file => file.startsWith(`${folder}/`)).every(file => file.endsWith(".html")),
  )
}

/** Puts the policy first in the page's <head>, after the character set that must lead it. */
function withPolicy(html: string, policy: string): string {
  if (isRewritten(html)) throw new RewrittenPageError("a policy <meta>")
  const charset = /<head>(<meta charSet="utf-8"\/>)?/.exec(html)
  if (!charset) throw new Error("src/build-time/deploy: a built page has no <head>")
  const at = charset.index + charset[0].length
  return html.slice(0, at) + policyMeta(policy) + html.slice(at)
}

export function finishBuild(publicDir: string, settings: BuildSettings): FinishedBuild {
  const files = publicFiles(publicDir)
  const pages = builtPages(files)
  const policies = new Map<string, string>()
  const scriptHashes = new Set<string>()
  const styleHashes = new Set<string>()
  if (settings.keptPagesDir) forgetRemovedPages(settings.keptPagesDir, pages)
  const pageCode = pageCodeOf(publicDir)
  for (const file of pages) {
    const html = loadBundlesOnAction(
      compactScripts(gatherEmotionStyles(gatsbyPage(publicDir, file, settings.keptPagesDir))),
      (bundles, built) => pageCode(file, bundles, built),
    )
    const code = inlineCode(html)
    const scripts = code.scripts.map(cspHash)
    // Emotion's browser runtime adds an empty <style> and fills it with insertRule for the styles of a page
    // reached by a link that this page did not carry; the policy must allow that empty element.
    const styles = [...code.styles, ...code.styleAttributes, ""].map(cspHash)
    const policy = pagePolicy({ scriptHashes: scripts, styleHashes: styles, ...settings })
    fs.writeFileSync(path.join(publicDir, file), withPolicy(html, policy))
    policies.set(file, policy)
    scripts.forEach(hash => scriptHashes.add(hash))
    styles.forEach(hash => styleHashes.add(hash))
  }

  const headersFile = path.join(publicDir, "_headers")
  const headers = completeHeaders(fs.readFileSync(headersFile, "utf8"), {
    slots: { EVERY_PATH_POLICY, ADMIN_POLICY: settings.adminPolicy },
    hashedAssetPaths: [
      ...files.filter(file => !file.includes("/") && isHashedAsset(file)).map(file => `/${file}`),
      ...(settings.immutablePaths ?? []),
    ],
    pagePaths: pages.map(pagePathOf),
    pageFolders: pageFolders(files, pages),
  })
  fs.writeFileSync(headersFile, headers)
  return { policies, scriptHashes: [...scriptHashes], styleHashes: [...styleHashes] }
}
