/**
 * The built pages carry every Emotion style in their <head>, gathered there after the build
 * (src/build-time/deploy/emotion-styles.ts), under an attribute Emotion's browser code does not look for.
 * Under its own data-emotion attribute, Emotion would move each server-rendered block to the end of the
 * <head> as its scripts start, and every move makes the browser parse the sheet and restyle the page
 * again in the middle of hydration. Here the browser cache learns the ids those blocks hold instead,
 * so it inserts nothing for them and the blocks stay where the page loaded them.
 */
import createCache, { type EmotionCache } from "@emotion/cache"

export const GATHERED_ATTRIBUTE = "data-emotion-gathered"

/** The key of Emotion's default cache, with which the site's styles were rendered. */
export const EMOTION_KEY = "css"

export const GLOBAL_KEY = `${EMOTION_KEY}-global`

/**
 * The site's Emotion cache, for the server's rendering and the browser's: Emotion's default key, without
 * Stylis' vendor prefixer, which wrote most rules two to four times (display:-webkit-box;display:-ms-flexbox;…)
 * for browsers long gone. Every browser the site supports reads the properties it uses unprefixed; the one
 * prefix Safari still needs, -webkit-text-size-adjust, is written out in src/styles/global.tsx. `container` is
 * where it writes them, when not the page's <head> (the content manager's preview frame's).
 */
export const createSiteCache = (container?: Node): EmotionCache =>
  createCache({ key: EMOTION_KEY, stylisPlugins: [], ...(container ? { container } : {}) })

const gatheredBlocks = (document: Document, key: string) =>
  Array.from(document.head.querySelectorAll(`style[${GATHERED_ATTRIBUTE}^="${key} "]`))

/** True when the page's global styles were gathered into its <head>, as on every built page. */
export const hasGatheredGlobalStyles = (document: Document) => gatheredBlocks(document, GLOBAL_KEY).length > 0

/**
 * The site's Emotion cache for the browser, knowing the component styles already in the page, or null when
 * the page has none gathered (in `gatsby develop`).
 */
export function cacheForGatheredStyles(document: Document): EmotionCache | null {
  const blocks = gatheredBlocks(document, EMOTION_KEY)
  if (blocks.length === 0) return null
  const cache = createSiteCache()
  for (const block of blocks) {
    const [, ...ids] = (block.getAttribute(GATHERED_ATTRIBUTE) ?? "").split(" ")
    for (const id of ids) cache.inserted[id] = true
  }
  return cache
}
