/**
 * Emotion's server rendering puts a <style data-emotion="css …"> beside each component, so every page has
 * dozens of inline blocks and no two pages share the same set. A Content-Security-Policy would need a hash
 * for each distinct block of the site, hundreds of them. This moves them, once the whole site is built,
 * into the same two blocks at the end of every page's <head>: the global styles, then the union of the
 * site's component styles. Every page then carries identical inline CSS (one policy with two hashes fits
 * all pages). The blocks list their ids in data-emotion-gathered, from which the browser's Emotion cache
 * learns that every style is already present (gathered-styles.ts, beside this file), so it inserts
 * nothing while hydrating or navigating and moves nothing.
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

/**
 * Rewrites the pages (in the same order) with their Emotion styles gathered in their <head>.
 * Component styles are scoped to generated class names, so a page may carry other pages' rules unharmed;
 * global styles are not, so each page keeps only its own global blocks, first, as they were in the body,
 * so component styles keep winning ties.
 */
export function gatherEmotionStyles(pages: string[]): string[] {
  const split = pages.map(splitPage)
  const components = union(split.flatMap(page => page.components))
  const componentTag =
    components.length > 0
      ? styleTag(
          EMOTION_KEY,
          components.flatMap(block => block.ids),
          components.map(block => block.css).join(""),
        )
      : ""
  return split.map(({ rest, global }, index) => {
    if (global.length === 0 && componentTag === "") return pages[index]
    if (!rest.includes("</head>")) throw new Error("A built page has no </head> to receive its styles")
    const tags = union(global)
      .map(block => styleTag(GLOBAL_KEY, block.ids, block.css))
      .join("")
    return rest.replace("</head>", () => `${tags}${componentTag}</head>`)
  })
}
