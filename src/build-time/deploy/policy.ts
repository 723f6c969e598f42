/**
 * The site's two Content-Security-Policies. Hosts join the headers of every _headers rule that matches a path,
 * and a browser enforces every policy it receives, so a rule for /admin/ could only narrow a policy set on /*.
 * The policy of the public pages therefore travels inside each page, as a <meta> first in its <head>
 * (404.html included, which hosts serve at any unknown path); /* sends only what a <meta> cannot say
 * (frame-ancestors) and what holds for every path; /admin/ gets the CMS's own policy as a header.
 */
import { GOOGLE_TAG_ORIGIN } from "../../lib/estimate/config"
import { GITHUB_API_URL } from "../../lib/github"

/** Sent for every path by static/_headers › /*; a page's <meta> policy adds the rest. */
export const EVERY_PATH_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'"

/**
 * The origins Google's tag and its Ads conversions use, by directive, as Google's guide to tags under a
 * Content-Security-Policy lists them. Conversion pings may be redirected to a country's google.<tld>; those
 * images are then blocked and the conversion still counts through the others.
 */
export const GOOGLE_TAG_SOURCES: Record<string, string[]> = {
  "script-src": [
    GOOGLE_TAG_ORIGIN,
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "img-src": [
    GOOGLE_TAG_ORIGIN,
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
  ],
  "connect-src": [
    GOOGLE_TAG_ORIGIN,
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
    "https://*.google-analytics.com",
  ],
  "frame-src": [GOOGLE_TAG_ORIGIN, "https://td.doubleclick.net"],
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

export interface PagePolicyValues {
  scriptHashes: string[]
  styleHashes: string[]
  /** Where the estimate form sends (GATSBY_EMAILJS_ORIGIN). */
  emailjsOrigin: string
  /** Whether the pages load Google's tag (GATSBY_GTAG_ID): its origins join the policy. */
  googleTag?: boolean
}

/** The public pages' policy: their own files, the hashes of exactly their inline code, and the form's one origin. */
export function pagePolicy({ scriptHashes, styleHashes, emailjsOrigin, googleTag }: PagePolicyValues): string {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].join(" ")}`,
    `style-src 'self' 'unsafe-hashes' ${[...new Set(styleHashes)].join(" ")}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${new URL(emailjsOrigin).origin}`,
    EVERY_PATH_POLICY.replace("frame-ancestors 'none'; ", ""),
  ].join("; ")
  return googleTag ? addPolicySources(policy, GOOGLE_TAG_SOURCES) : policy
}

/** The <meta> that carries a page's policy; it must come before any script or style of the page. */
export const policyMeta = (policy: string) => `<meta http-equiv="Content-Security-Policy" content="${policy}"/>`

/**
 * What the CMS's GitHub backend needs beyond the site itself (src/build-time/cms/config.ts); the live banner asks
 * the same API for the branch's head (live-banner.ts). The sign-in's pop-up is a window, which no directive governs.
 */
const GITHUB_SOURCES = {
  "connect-src": [GITHUB_API_URL],
  "img-src": ["https://avatars.githubusercontent.com"],
}

/**
 * The policy of /admin/, what Decap CMS's prebuilt bundle needs and no more: its own files; 'unsafe-eval' for
 * the JSON-schema validator that checks its configuration; WebAssembly; inline styles, which its components
 * write at run time; blob: and data: images; GitHub's API; EmailJS, for the Leads view's test send
 * (src/admin/leads/test-send.ts); the Leads app's manifest and its service worker (src/build-time/cms/leads-app.ts),
 * named even though default-src already allows them, so a narrower default cannot take the owner's pushes away;
 * and the local backend's origin in preview builds, which `npm start` and the tests serve on localhost.
 */
export function adminPolicy(sources: { localBackend?: string; emailjs?: string } = {}): string {
  const connect = [sources.localBackend, sources.emailjs].filter(Boolean).join(" ")
  const policy = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // blob: the editor reads a photo it has just processed back from a blob: address before saving it.
    `connect-src 'self' blob:${connect ? ` ${connect}` : ""}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    EVERY_PATH_POLICY,
  ].join("; ")
  return addPolicySources(policy, GITHUB_SOURCES)
}
