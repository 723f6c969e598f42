/*
 * Which GraphQL nodes a file in data/ makes (gatsby-node's onCreateNode creates them): the business file
 * one BusinessJson; a list file one node per entry, in the file's order; a file of a folder (a city, a
 * project, a review) one node, whose slug is the file's name unless the file states its own.
 * The files are shaped for the editor (an object at the top, a file per city); the nodes keep the shape
 * the pages query.
 */
import { isObject } from "./entry"
import { FOLDERS, folderOf, listFiles, type ListFile } from "./schemas"

export interface ContentNode {
  type: string
  /** Tells the nodes of one file apart, for their ids. */
  key: string
  fields: Record<string, unknown>
}

const typeOf = (file: ListFile): string => listFiles[file].entry.describe().meta?.type

export function contentNodes(relativePath: string, content: unknown): ContentNode[] {
  if (!isObject(content)) return []
  if (relativePath === "business.json") return [{ type: "BusinessJson", key: "business", fields: content }]
  const folder = folderOf(relativePath)
  if (folder) {
    const type = FOLDERS[folder].schema.describe().meta?.type
    const slug = relativePath.slice(folder.length, -".json".length)
    return [{ type, key: "entry", fields: { slug, ...content } }]
  }
  const listed = listFiles[relativePath as ListFile]
  const entries = listed ? content[listed.key] : undefined
  if (!Array.isArray(entries)) return []
  return entries.filter(isObject).map((fields, index) => ({
    type: typeOf(relativePath as ListFile),
    key: String(index),
    fields,
  }))
}
