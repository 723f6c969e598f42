/**
 * Gatsby's loader looks a template's chunks up in window.___chunkMapping before it prefetches them for a link. Gatsby
 * 5 writes that map into every page as a JSON string, on which the lookup finds nothing, so the build leaves it out
 * (src/build-time/deploy/compact-scripts.ts). An empty map gives the loader the same answer, nothing to prefetch but
 * the page's data, and a map already there is kept.
 */
export function emptyChunkMap(page: Window & { ___chunkMapping?: unknown } = window) {
  page.___chunkMapping ??= {}
}
