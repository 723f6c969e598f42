/*
 * Every image the pages offer is what the markup says it is, whichever sharp made it: each candidate of a
 * srcset has the width its `w` descriptor gives and the format its <source type> names, and a project photo's
 * renditions keep the formats the site offers (AVIF, with JPEG for the rest). The file's own header is read
 * (sharp's metadata), not its name. No metadata is checked in proof.test.ts, the bytes in budgets.test.ts.
 */
import path from "node:path"
import sharp from "sharp"
import { paths } from "../../src/lib/paths"
import { proofRoutes } from "../support/proof"
import { readPage, routes, siteRoot } from "../support/site"

interface Candidate {
  route: string
  url: string
  width: number
  type: string | null
}

/** The srcset candidates of a page's <picture> and <img> elements, with the type their <source> names. */
function candidatesOf(route: string): Candidate[] {
  const page = readPage(route)
  const found: Candidate[] = []
  for (const element of page.querySelectorAll("picture source[srcset], img[srcset]")) {
    const type = element.getAttribute("type")
    for (const entry of (element.getAttribute("srcset") ?? "").split(",")) {
      const [url, descriptor] = entry.trim().split(/\s+/)
      if (descriptor?.endsWith("w")) found.push({ route, url, width: Number(descriptor.slice(0, -1)), type })
    }
  }
  return found
}

const FORMATS: Record<string, string> = { "image/avif": "heif", "image/webp": "webp", "image/jpeg": "jpeg" }
const EXTENSIONS: Record<string, string> = { ".avif": "heif", ".webp": "webp", ".jpg": "jpeg", ".png": "png" }

const candidates = [...new Set(routes)].flatMap(candidatesOf)
const distinct = [...new Map(candidates.map(candidate => [candidate.url, candidate])).values()]

test("the pages offer images in srcsets", () => {
  expect(distinct.length).toBeGreaterThan(0)
})

test("each candidate is as wide as its descriptor says, in the format its type and name say", async () => {
  const wrong: string[] = []
  for (const { route, url, width, type } of distinct) {
    const { format, width: real, compression } = await sharp(path.join(siteRoot, decodeURI(url))).metadata()
    const expected = type ? FORMATS[type] : EXTENSIONS[path.extname(url)]
    if (real !== width) wrong.push(`${route} ${url}: ${real} px wide, the srcset says ${width}w`)
    if (format !== expected) wrong.push(`${route} ${url}: ${format}, the page says ${type ?? path.extname(url)}`)
    if (format === "heif" && compression !== "av1") wrong.push(`${route} ${url}: ${compression}, not AV1`)
  }
  expect(wrong).toEqual([])
})

test("a project photo is offered in AVIF and in JPEG", () => {
  const projectRoutes = proofRoutes.filter(route => route.startsWith(paths.projects) && route !== paths.projects)
  const photos = candidates.filter(candidate => projectRoutes.includes(candidate.route))
  expect(photos.length).toBeGreaterThan(0)
  const formats = new Set(photos.map(photo => photo.type ?? path.extname(photo.url)))
  expect([...formats].sort()).toEqual([".jpg", "image/avif"])
})
