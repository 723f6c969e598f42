/**
 * Completes static/_headers for a finished build: the policy's hash and origin slots, then a Cache-Control
 * rule for each hashed asset (cached for a year, never revalidated) and for each page (always revalidated).
 */

export interface HeaderValues {
  scriptHashes: string[]
  styleHashes: string[]
  emailjsOrigin: string
  /** Paths whose content hash is in their name: /app-0123abcd….js */
  hashedAssetPaths: string[]
  /** Paths of the HTML pages: /, /estimate, /404.html … */
  pagePaths: string[]
  /** Whether the pages load Google's tag (GATSBY_GTAG_ID): its origins join the policy. */
  googleTag?: boolean
}

/**
 * The origins Google's tag and its Ads conversions use, by directive, as Google's guide to tags under a
 * Content-Security-Policy lists them. Conversion pings may be redirected to a country's google.<tld>; those
 * images are then blocked and the conversion still counts through the others.
 */
export const GOOGLE_TAG_SOURCES: Record<string, string[]> = {
  "script-src": [
    "https://www.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "img-src": [
    "https://www.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "connect-src": [
    "https://www.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
    "https://*.google-analytics.com",
  ],
  "frame-src": ["https://www.googletagmanager.com", "https://td.doubleclick.net"],
}

/** Adds sources to the directives of a Content-Security-Policy value; a missing directive starts from 'self'. */
export function addPolicySources(policy: string, sources: Record<string, string[]>): string {
  const directives = policy.split(";").map(part => part.trim())
  for (const [name, added] of Object.entries(sources)) {
    const index = directives.findIndex(part => part.split(/\s+/)[0] === name)
    if (index === -1) directives.push([name, "'self'", ...added].join(" "))
    else directives[index] = [directives[index], ...added].join(" ")
  }
  return directives.join("; ")
}

const POLICY_LINE = /^(\s*Content-Security-Policy:\s*)(.+)$/

export const IMMUTABLE = "public, max-age=31536000, immutable"
export const REVALIDATE = "public, max-age=0, must-revalidate"

/** A file at the root of public/ that webpack named with a 20-hex-digit content hash. */
export const isHashedAsset = (fileName: string): boolean => /-[0-9a-f]{20}\.(js|css)$/.test(fileName)

/** The URL path a built HTML file answers: index.html → /, estimate/index.html → /estimate. */
export const pagePathOf = (relativeFile: string): string => {
  const withoutIndex = relativeFile
    .split("\\")
    .join("/")
    .replace(/(^|\/)index\.html$/, "")
  return `/${withoutIndex}`.replace(/\/$/, "") || "/"
}

const rule = (paths: string[], value: string) =>
  [...new Set(paths)]
    .sort()
    .map(path => `${path}\n  Cache-Control: ${value}\n`)
    .join("")

export function completeHeaders(template: string, values: HeaderValues): string {
  const slots: Record<string, string> = {
    SCRIPT_HASHES: [...new Set(values.scriptHashes)].join(" "),
    STYLE_HASHES: [...new Set(values.styleHashes)].join(" "),
    EMAILJS_ORIGIN: new URL(values.emailjsOrigin).origin,
  }
  const filled = template
    .split("\n")
    .map(line => {
      if (line.trimStart().startsWith("#")) return line
      const completed = line.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => {
        if (!(name in slots)) throw new Error(`static/_headers: unknown slot ${slot}`)
        return slots[name]
      })
      const policy = POLICY_LINE.exec(completed)
      return policy && values.googleTag ? policy[1] + addPolicySources(policy[2], GOOGLE_TAG_SOURCES) : completed
    })
    .join("\n")
  return (
    `${filled.trimEnd()}\n\n` +
    "# Written by onPostBuild: webpack's hashed bundles never change at the same address.\n" +
    rule(values.hashedAssetPaths, IMMUTABLE) +
    "\n# Written by onPostBuild: the pages themselves are revalidated on every visit.\n" +
    rule(values.pagePaths, REVALIDATE)
  )
}
