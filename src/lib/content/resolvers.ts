/*
 * The GraphQL resolvers the content's links need beyond @link (gatsby-node's createResolvers), derived from
 * the links the schemas declare (schemas.ts › allLinks): a link back to many entries (a county's cities)
 * sorted by what an editor sees them by, and a link both ways (a city's neighbours, places.ts › neighboursOf).
 */
import { allLinks, contentType } from "./schemas"
import { bothWays } from "./places"

type Node = Record<string, unknown> & { slug: string }
interface Context {
  nodeModel: { findAll: (query: object) => Promise<{ entries: Iterable<Node> }> }
}
type Resolve = (source: Node, args: unknown, context: Context) => Promise<unknown>

/** The resolvers by type and field, as Gatsby's createResolvers takes them. */
export function linkResolvers(): Record<string, Record<string, { resolve: Resolve }>> {
  const resolvers: Record<string, Record<string, { resolve: Resolve }>> = {}
  const add = (type: string, field: string, resolve: Resolve) => {
    resolvers[type] = { ...resolvers[type], [field]: { resolve } }
  }
  for (const link of allLinks()) {
    const display = contentType(link.from).display
    const byDisplay = (one: Node, other: Node) => String(one[display]).localeCompare(String(other[display]), "en")
    if (link.back && link.field !== "slug")
      add(link.to, link.back, async (source, _args, context) => {
        const { entries } = await context.nodeModel.findAll({
          type: link.from,
          query: { filter: { [link.field]: { slug: { eq: source.slug } } } },
        })
        return [...entries].sort(byDisplay)
      })
    if (link.bothWays)
      add(link.from, link.field, async (source, _args, context) => {
        const { entries } = await context.nodeModel.findAll({ type: link.from })
        return bothWays(source, [...entries], link.field, byDisplay)
      })
  }
  return resolvers
}
