/**
 * Emotion's server rendering puts a <style data-emotion="css …"> beside each component, so every page has
 * dozens of inline blocks, and a Content-Security-Policy would need a hash for each. This moves a page's
 * blocks, once the whole site is built, into two blocks at the end of its <head>: its global styles, then
 * its component styles, each rule once. A page carries the CSS it uses and no other page's, and its policy
 * hashes these two blocks. The blocks list their ids in data-emotion-gathered, from which the browser's
 * Emotion cache learns which styles are present (src/lib/gathered-styles.ts), so hydrating inserts and
 * moves nothing; a page reached by a link afterwards has its missing rules inserted by Emotion's runtime
 * (insertRule into one empty <style>, which the policy allows).
 */
import { EMOTION_KEY, GATHERED_ATTRIBUTE, GLOBAL_KEY } from "../../lib/gathered-styles"
import { RewrittenPageError } from "./rewritten"

const EMOTION_BLOCK = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g

interface Block {
  ids: string[]
  css: string
}

interface SplitPage {
  rest: string
  global: Block[]
  components: Block[]
}

function splitPage(html: string): SplitPage {
  if (html.includes(`<style ${GATHERED_ATTRIBUTE}=`)) throw new RewrittenPageError("its styles are gathered already")
  const global: Block[] = []
  const components: Block[] = []
  const rest = html.replace(EMOTION_BLOCK, (block, attribute: string, css: string) => {
    const [key, ...ids] = attribute.split(" ")
    if (key === EMOTION_KEY) components.push({ ids, css })
    else if (key === GLOBAL_KEY) global.push({ ids, css })
    else return block
    return ""
  })
  return { rest, global, components }
}

/**
 * Keeps, in order of first appearance, each block that brings an id not seen before. An id is the hash
 * of its styles, so a block whose ids have all been seen adds nothing.
 */
function union(blocks: Block[]): Block[] {
  const seen = new Set<string>()
  return blocks.filter(({ ids }) => {
    if (ids.every(id => seen.has(id))) return false
    ids.forEach(id => seen.add(id))
    return true
  })
}

const styleTag = (key: string, ids: string[], css: string) =>
  `<style ${GATHERED_ATTRIBUTE}="${[key, ...new Set(ids)].join(" ")}">${css}</style>`

/** One tag of the blocks' CSS in order, listing their ids; nothing when there are none. */
function joinedTag(key: string, blocks: Block[]): string {
  if (blocks.length === 0) return ""
  return styleTag(
    key,
    blocks.flatMap(block => block.ids),
    blocks.map(block => block.css).join(""),
  )
}

/**
 * Rewrites a built page with its Emotion styles gathered in its <head>: its global blocks first, as they came
 * in the body, so that component styles keep winning ties, then its component blocks.
 */
export function gatherEmotionStyles(html: string): string {
  const { rest, global, components } = splitPage(html)
  if (global.length === 0 && components.length === 0) return html
  if (!rest.includes("</head>")) throw new Error("A built page has no </head> to receive its styles")
  const tags = union(global)
    .map(block => styleTag(GLOBAL_KEY, block.ids, block.css))
    .join("")
  return rest.replace("</head>", () => `${tags}${joinedTag(EMOTION_KEY, union(components))}</head>`)
}
