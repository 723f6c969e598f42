/*
 * The GraphQL resolvers the content needs beyond @link (gatsby-node's createResolvers), derived from the
 * content types (schemas.ts): for the links they declare (allLinks), a link back to many entries (a county's
 * cities) sorted by what an editor sees them by, and a link both ways (a city's neighbours, places.ts ›
 * neighboursOf); and the fields a type computes (a project's cover photo).
 */
import { allLinks, contentType, nodeTypes, typeName } from "../../lib/content/schemas"
import { bothWays } from "../../lib/content/places"

type Node = Record<string, unknown> & { slug: string }
interface Context {
  nodeModel: { findAll: (query: object) => Promise<{ entries: Iterable<Node> }> }
}
type Resolve = (source: Node, args: unknown, context: Context) => unknown

/** The resolvers by type and field, as Gatsby's createResolvers takes them. */
export function contentResolvers(): Record<string, Record<string, { resolve: Resolve }>> {
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
  for (const declared of nodeTypes)
    for (const [field, { resolve }] of Object.entries(declared.computed ?? {}))
      add(typeName(declared.schema), field, source => resolve(source))
  return resolvers
}
