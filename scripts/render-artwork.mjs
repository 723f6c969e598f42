/**
 * Render the SVG illustrations in src/images/art/ to the PNGs the site uses.
 *
 * Why: the business has no photographs of its work yet, so the hero and the
 * service cards use original flat illustrations instead. The SVG sources are
 * kept in src/images/art/ and rendered to PNG here; gatsby-plugin-image then
 * converts the PNGs to AVIF/WebP at build time.
 *
 * Replacing them: drop real photos with the same file names into src/images/
 * (hero.png, service-driveways.png, ...). Also delete the matching SVG in
 * src/images/art/ — this script skips missing sources, so it will never
 * render over a real photo.
 *
 * Usage: node scripts/render-artwork.mjs   (idempotent; overwrites outputs)
 */
import { readFile, writeFile, stat } from "node:fs/promises"
import { existsSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import sharp from "sharp"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const artDir = path.join(root, "src/images/art")
const outDir = path.join(root, "src/images")

const jobs = [
  { src: "hero.svg", out: "hero.png", width: 1600, height: 900 },
  // The Open Graph image that link previews show (1200×630, the size the platforms ask for).
  { src: "hero.svg", out: "../../static/og-image.png", width: 1200, height: 630, fit: "cover" },
  ...[
    "driveways",
    "patios-rv-pads",
    "walkout-basements",
    "stamps-and-stains",
    "retaining-walls",
    "foundations-commercial-repair",
  ].map(name => ({
    src: `${name}.svg`,
    out: `service-${name}.png`,
    width: 800,
    height: 500,
  })),
  // The city pages' heroes: one landscape per county, shared by its cities (16:9, like the home hero).
  ...["salt-lake", "utah", "davis", "weber", "tooele"].map(county => ({
    src: `county-${county}.svg`,
    out: `county-${county}.png`,
    width: 1200,
    height: 675,
  })),
]

for (const { src, out, width, height, fit = "fill" } of jobs) {
  const srcPath = path.join(artDir, src)
  if (!existsSync(srcPath)) {
    console.warn(`skip ${path.relative(root, srcPath)} (missing)`)
    continue
  }
  const svg = await readFile(srcPath)
  // Render at a density that maps the viewBox exactly onto the target size.
  const meta = await sharp(svg).metadata()
  const density = Math.max(72, (72 * width) / (meta.width || width))
  const png = await sharp(svg, { density })
    .resize(width, height, { fit })
    .flatten({ background: "#ffffff" })
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toBuffer()
  const outPath = path.join(outDir, out)
  await writeFile(outPath, png)
  const { size } = await stat(outPath)
  console.log(`${path.relative(root, outPath)}  ${size} bytes`)
}
