/**
 * The rewrites of finish-build.ts start from the HTML Gatsby wrote. A page an earlier build finished (Gatsby
 * does not render again a page whose code and data did not change) carries its policy <meta>; gatsby-pages.ts
 * then reads Gatsby's own HTML back from .cache/. A finished page with no such copy (public/ kept, .cache/
 * not) is refused rather than rewritten twice.
 */
const POLICY_META = 'http-equiv="Content-Security-Policy"'

/** Whether a page already went through finish-build.ts: only its rewrite puts a policy in a <meta>. */
export const isRewritten = (html: string): boolean => html.includes(POLICY_META)

export class RewrittenPageError extends Error {
  constructor(what: string) {
    super(
      `public/ holds a page an earlier build already rewrote (${what}), and .cache/ has no copy of the page ` +
        "as Gatsby wrote it. Keep .cache/ with public/ between builds, or start clean: `npm run clean`.",
    )
    this.name = "RewrittenPageError"
  }
}
