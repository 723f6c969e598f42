/**
 * The rewrites of finish-build.ts run once, on the pages Gatsby has just written. A page an earlier build
 * rewrote (Gatsby does not render again a page whose code and data did not change) is refused rather than
 * rewritten twice: `npm run build` starts from a clean public/.
 */
export class RewrittenPageError extends Error {
  constructor(what: string) {
    super(
      `public/ holds a page an earlier build already rewrote (${what}). Build from a clean state: ` +
        "`npm run build` does, or run `npm run clean` before `gatsby build`.",
    )
    this.name = "RewrittenPageError"
  }
}
