/**
 * Completes static/_headers for a finished build: the policies' slots (policy.ts), then a Cache-Control rule
 * for each hashed asset (cached for a year, never revalidated) and for the pages (always revalidated): one rule
 * per page at the top of the site, one per folder that holds nothing but pages (/locations/*), so adding a city
 * adds no rule. Cloudflare Pages reads at most MAX_RULES rules; a build that would write more fails.
 */

export interface HeaderValues {
  /** The slots' values: EVERY_PATH_POLICY, ADMIN_POLICY. */
  slots: Record<string, string>
  /** Paths whose content hash or version is in their name: /app-0123abcd….js, /admin/decap-cms-3.16.3/* */
  hashedAssetPaths: string[]
  /** Paths of the HTML pages as served: /, /estimate/, /404.html … */
  pagePaths: string[]
  /** Top-level folders of public/ that hold HTML pages and nothing else: locations */
  pageFolders: string[]
}

export const MAX_RULES = 100

export const IMMUTABLE = "public, max-age=31536000, immutable"
export const REVALIDATE = "public, max-age=0, must-revalidate"
/**
 * The pages': revalidated on every visit, and never rewritten on the way (a proxied Cloudflare zone's Email
 * Address Obfuscation or Rocket Loader would change the inline code that each page's policy hashes).
 */
export const PAGE_CACHE = `${REVALIDATE}, no-transform`

/** A file at the root of public/ that webpack named with a 20-hex-digit content hash. */
export const isHashedAsset = (fileName: string): boolean => /-[0-9a-f]{20}\.(js|css)$/.test(fileName)

/**
 * The URL path a built HTML file answers with no redirect, the path its header rule must name: index.html → /,
 * estimate/index.html → /estimate/, 404.html → /404.html.
 */
export const pagePathOf = (relativeFile: string): string =>
  `/${relativeFile
    .split("\\")
    .join("/")
    .replace(/(^|\/)index\.html$/, "$1")}`

const rule = (paths: string[], value: string) =>
  [...new Set(paths)]
    .sort()
    .map(path => `${path}\n  Cache-Control: ${value}\n`)
    .join("")

/**
 * The path of each page's rule: /locations/, /locations/lehi/ and /locations/provo/ all become /locations/* when
 * that folder holds only pages (the hosts match /locations/ to /locations/* too, so a rule of its own would send
 * its header twice).
 */
export function pageRulePaths(pagePaths: string[], pageFolders: string[]): string[] {
  return pagePaths.map(pagePath => {
    const [folder] = pagePath.split("/").filter(Boolean)
    return folder !== undefined && pageFolders.includes(folder) ? `/${folder}/*` : pagePath
  })
}

const ruleCount = (headers: string) => headers.split("\n").filter(line => /^\//.test(line)).length

export function completeHeaders(template: string, values: HeaderValues): string {
  const { slots } = values
  const filled = template
    .split("\n")
    .map(line => {
      if (line.trimStart().startsWith("#")) return line
      return line.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => {
        if (!(name in slots)) throw new Error(`static/_headers: unknown slot ${slot}`)
        return slots[name]
      })
    })
    .join("\n")
  const headers =
    `${filled.trimEnd()}\n\n` +
    "# Written by onPostBuild: webpack's hashed bundles and the versioned CMS never change at the same address.\n" +
    rule(values.hashedAssetPaths, IMMUTABLE) +
    "\n# Written by onPostBuild: the pages themselves are revalidated on every visit.\n" +
    rule(pageRulePaths(values.pagePaths, values.pageFolders), PAGE_CACHE)
  const rules = ruleCount(headers)
  if (rules > MAX_RULES)
    throw new Error(
      `public/_headers: ${rules} rules, more than the ${MAX_RULES} Cloudflare Pages reads. ` +
        "Fold the pages of a new top-level folder into one rule (src/build-time/deploy/headers.ts › pageRulePaths).",
    )
  return headers
}
