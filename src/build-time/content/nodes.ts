/*
 * Which GraphQL nodes a file in data/ makes (gatsby-node's onCreateNode creates them): the business file
 * one BusinessJson; a list file one node per entry, in the file's order; a file of a folder (a city, a
 * project, a review) one node, whose slug is the file's name unless the file states its own.
 * The files are shaped for the editor (an object at the top, a file per city); the nodes keep the shape
 * the pages query.
 */
import { isObject } from "../../lib/content/entry"
import { folderOf, listTypeOf, SITE_FILE, typeName } from "../../lib/content/schemas"

export interface ContentNode {
  type: string
  /** Tells the nodes of one file apart, for their ids. */
  key: string
  fields: Record<string, unknown>
}

export function contentNodes(relativePath: string, content: unknown): ContentNode[] {
  if (!isObject(content)) return []
  if (relativePath === SITE_FILE.file) return [{ type: typeName(SITE_FILE.schema), key: "business", fields: content }]
  const folder = folderOf(relativePath)
  if (folder) {
    const slug = relativePath.slice(folder.folder.length, -".json".length)
    return [{ type: typeName(folder.schema), key: "entry", fields: { slug, ...content } }]
  }
  const listed = listTypeOf(relativePath)
  const entries = listed ? content[listed.key] : undefined
  if (!listed || !Array.isArray(entries)) return []
  return entries
    .filter(isObject)
    .map((fields, index) => ({ type: typeName(listed.schema), key: String(index), fields }))
}
