/*
 * The pages a build makes from a set of content files, without Gatsby: the nodes gatsby-node's onCreateNode
 * makes from them, then gatsby-node's createPages over a GraphQL layer that holds those nodes.
 */
import * as gatsbyNode from "../../gatsby-node"
import { contentNodes } from "../../src/build-time/content/nodes"

/** The nodes the GraphQL layer makes from these files (gatsby-node's onCreateNode), by type. */
export function nodesOf(files: Record<string, unknown>): Record<string, Record<string, unknown>[]> {
  const nodes: Record<string, Record<string, unknown>[]> = {}
  for (const [file, content] of Object.entries(files))
    for (const { type, fields } of contentNodes(file, content)) (nodes[type] ??= []).push(fields)
  return nodes
}

/** The paths of the pages createPages makes when the GraphQL layer holds this content. */
export async function createdPaths(files: Record<string, unknown>): Promise<string[]> {
  const nodes = nodesOf(files)
  const graphql = jest.fn().mockResolvedValue({
    data: {
      allCitiesJson: { nodes: nodes.CitiesJson.map(({ slug, county }) => ({ slug, county: { slug: county } })) },
      allServicePagesJson: { nodes: nodes.ServicePagesJson.map(({ slug }) => ({ slug })) },
      allProjectsJson: { nodes: [] },
      allReviewsJson: { totalCount: 0 },
    },
  })
  const createPage = jest.fn()
  const reporter = { panicOnBuild: jest.fn(), info: jest.fn() }
  await (gatsbyNode.createPages as (args: object) => Promise<void>)({ graphql, actions: { createPage }, reporter })
  expect(reporter.panicOnBuild).not.toHaveBeenCalled()
  return createPage.mock.calls.map(([page]) => page.path)
}
