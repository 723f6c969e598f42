/*
 * What the site's components import from "gatsby", as the preview pane can supply it; the preview's bundle
 * (src/build-time/cms/admin-script.ts) resolves "gatsby" here. A static query's `graphql` tag is replaced by
 * the query's hash at bundling, as Gatsby's own Babel plugin does, and useStaticQuery reads the result the
 * preview loaded from the built site's /page-data/sq/d/<hash>.json, with the edited entry's values in.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from "react"

/** The static queries' results by hash, as the page being previewed sees them. */
export const StaticQueryData = createContext<Record<string, unknown>>({})

export function useStaticQuery<T>(hash: unknown): T {
  const data = useContext(StaticQueryData)[String(hash)]
  if (!data) throw new Error(`the preview has no result for the static query ${String(hash)}`)
  return data as T
}

/** Only reached when a tag was not replaced at bundling: a page query, which the preview supplies itself. */
export const graphql = (strings: TemplateStringsArray) => strings.raw.join("")

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string
  activeClassName?: string
  partiallyActive?: boolean
  children?: ReactNode
}

/** A plain link: in the preview it opens the published page in a new tab (the frame's <base target>). */
export function Link({ to, activeClassName: _active, partiallyActive: _partly, children, ...rest }: LinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

/** Third-party scripts (Google's tag) do not run in the preview. */
export const Script = () => null

export const navigate = () => undefined
