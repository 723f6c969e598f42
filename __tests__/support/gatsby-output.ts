/*
 * A public/ as Gatsby leaves it for the build's last step (src/build-time/deploy), for the tests that run that
 * step on pages of their own: each page with its page-data.json, and webpack.stats.json naming the chunks of
 * the one template they share and of the estimate form's engine.
 */
import fs from "node:fs"
import path from "node:path"
import { ENGINE_CHUNK, pageDataPath } from "../../src/build-time/deploy/on-first-action"

export const TEMPLATE_SCRIPTS = ["/commons-1.js", "/component---page-2.js"]
/** The form's engine's own script; it shares the template's commons, which the page names already. */
export const ENGINE_SCRIPTS = ["/estimate-engine-3.js"]
export const STATIC_QUERY = "42"

/** Gatsby 5's chunk map as it writes it into every page, a JSON string (src/build-time/deploy/compact-scripts.ts). */
export const CHUNK_MAPPING =
  '<script\n            id="gatsby-chunk-mapping"\n          >\n' +
  '            window.___chunkMapping="{\\"app\\":[\\"/app-0123456789abcdef0123.js\\"]}";\n          </script>'

/** Writes a built page and its data; the list of chunks too, the first time. */
export function writeGatsbyPage(publicDir: string, file: string, html: string) {
  const stats = path.join(publicDir, "webpack.stats.json")
  if (!fs.existsSync(stats))
    fs.writeFileSync(
      stats,
      JSON.stringify({
        namedChunkGroups: {
          app: { assets: [{ name: "app-0123456789abcdef0123.js" }] },
          "component---page": {
            assets: [
              ...TEMPLATE_SCRIPTS.map(script => ({ name: script.slice(1) })),
              { name: "component---page-2.js.map" },
            ],
          },
          [ENGINE_CHUNK]: { assets: ["commons-1.js", ...ENGINE_SCRIPTS.map(script => script.slice(1))] },
        },
      }),
    )
  fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true })
  fs.writeFileSync(path.join(publicDir, file), html)
  const data = path.join(publicDir, pageDataPath(file))
  fs.mkdirSync(path.dirname(data), { recursive: true })
  fs.writeFileSync(data, JSON.stringify({ componentChunkName: "component---page", staticQueryHashes: [STATIC_QUERY] }))
}
