/*
 * src/browser/chunk-map.ts: the empty chunk map the browser gives Gatsby's loader, since the build leaves out the
 * one Gatsby writes (src/build-time/deploy/compact-scripts.ts).
 */
import { emptyChunkMap } from "../src/browser/chunk-map"

describe("emptyChunkMap", () => {
  it("gives Gatsby's loader an empty chunk map, whose lookups answer as the string Gatsby wrote did, or keeps one", () => {
    const page = {} as Window & { ___chunkMapping?: unknown }
    emptyChunkMap(page)
    expect(page.___chunkMapping).toEqual({})
    const written = '{"app":["/app-1.js"]}'
    expect((page.___chunkMapping as Record<string, unknown>)["component---page"]).toBe(
      (written as unknown as Record<string, unknown>)["component---page"],
    )
    const kept = { app: ["/app-1.js"] }
    page.___chunkMapping = kept
    emptyChunkMap(page)
    expect(page.___chunkMapping).toBe(kept)
  })
})
