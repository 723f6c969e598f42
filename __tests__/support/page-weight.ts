/*
 * What a phone downloads on the first load of a built page and on the visitor's first action there,
 * compressed as a CDN serves it (brotli for text over 512 bytes, images as they are), worked out from the
 * files alone:
 * - the HTML;
 * - on the first action (marked onAction), the scripts the bundle loader's data-sources name
 *   (src/build-time/deploy/on-first-action.ts), and the chunks Gatsby's loader then fetches for the page's
 *   template (its chunk group in webpack.stats.json), with app-data.json, the page's page-data.json and the
 *   static query results that page-data.json lists; a <script src> the HTML names itself loads at once;
 * - every image in the page, lazy ones too (Chromium fetches lazy images well before they scroll into
 *   view, so counting them all is the rule that does not depend on layout), each as the file a
 *   412 px-wide screen at device pixel ratio 1.75 would pick: the first <source> whose type Chromium
 *   decodes, then the smallest srcset candidate at least as wide as the `sizes` slot times 1.75, or
 *   the widest when none is; Chromium may pick a smaller one, never a larger;
 * - icons, stylesheets, preloads and url() references (fonts, backgrounds) the HTML declares.
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { htmlFile, readDocument, siteRoot } from "./site"

export const VIEWPORT_WIDTH = 412
export const DEVICE_PIXEL_RATIO = 1.75
const ROOT_FONT_SIZE = 16
const DECODED_IMAGE_TYPES = ["image/avif", "image/webp", "image/png", "image/jpeg", "image/svg+xml"]
const COMPRESSED = /\.(html|js|mjs|css|json|xml|txt|svg|webmanifest)$/

export type ResourceKind = "document" | "script" | "data" | "image" | "font" | "other"

export interface Resource {
  /** The path on the site, such as /app-1234.js. */
  url: string
  kind: ResourceKind
  /** Bytes on the wire, without headers. */
  bytes: number
  /** An image the page loads lazily (loading="lazy"). */
  lazy?: boolean
  /** Fetched only once the visitor acts on the page, with its code. */
  onAction?: boolean
}

const sizeCache = new Map<string, number>()

/** The bytes the server sends for a file of the site. */
export function servedBytes(url: string): number {
  const file = path.join(siteRoot, decodeURIComponent(url.split(/[?#]/)[0]))
  const cached = sizeCache.get(file)
  if (cached !== undefined) return cached
  if (!fs.existsSync(file)) throw new Error(`${url} is referenced but not in the build`)
  const body = fs.readFileSync(file)
  const bytes = COMPRESSED.test(file) && body.length > 512 ? zlib.brotliCompressSync(body).length : body.length
  sizeCache.set(file, bytes)
  return bytes
}

/** A CSS length in a `sizes` attribute, in CSS pixels on the phone screen. */
function lengthInPixels(length: string): number {
  const match = /^(\d+(?:\.\d+)?)(px|vw|rem|em)$/.exec(length.trim())
  if (!match) throw new Error(`Unsupported length in sizes: ${length}`)
  const value = Number(match[1])
  if (match[2] === "vw") return (value / 100) * VIEWPORT_WIDTH
  if (match[2] === "px") return value
  return value * ROOT_FONT_SIZE
}

/** Whether a media condition such as (min-width: 62em) holds on the phone screen. */
function mediaMatches(condition: string): boolean {
  return condition.split(/\s+and\s+/).every(part => {
    const match = /^\((min|max)-width:\s*([^)]+)\)$/.exec(part.trim())
    if (!match) throw new Error(`Unsupported media condition: ${part}`)
    const width = lengthInPixels(match[2])
    return match[1] === "min" ? VIEWPORT_WIDTH >= width : VIEWPORT_WIDTH <= width
  })
}

/** The width of the slot a `sizes` attribute gives the image on the phone screen. */
export function slotWidth(sizes: string | null): number {
  if (!sizes) return VIEWPORT_WIDTH
  for (const entry of sizes.split(",")) {
    const match = /^\s*(\(.*\))?\s*([^\s()]+)\s*$/.exec(entry)
    if (!match) throw new Error(`Unsupported sizes entry: ${entry}`)
    if (!match[1] || mediaMatches(match[1])) return lengthInPixels(match[2])
  }
  return VIEWPORT_WIDTH
}

/** The srcset candidate the phone would fetch for a slot of the given width (see the header). */
export function pickCandidate(srcset: string, sizes: string | null): string {
  const candidates = srcset
    .split(",")
    .map(entry => entry.trim().split(/\s+/))
    .filter(parts => parts[0])
    .map(([url, descriptor = "1x"]) => {
      const match = /^(\d+(?:\.\d+)?)(w|x)$/.exec(descriptor)
      if (!match) throw new Error(`Unsupported srcset descriptor: ${descriptor}`)
      const density = match[2] === "w" ? Number(match[1]) / slotWidth(sizes) : Number(match[1])
      return { url, density }
    })
    .sort((a, b) => a.density - b.density)
  if (candidates.length === 0) throw new Error(`Empty srcset: ${srcset}`)
  return (candidates.find(candidate => candidate.density >= DEVICE_PIXEL_RATIO) ?? candidates[candidates.length - 1])
    .url
}

function imageUrl(img: HTMLImageElement): string | null {
  const picture = img.parentElement?.tagName === "PICTURE" ? img.parentElement : null
  const source = picture
    ? Array.from(picture.querySelectorAll("source")).find(
        candidate =>
          (!candidate.type || DECODED_IMAGE_TYPES.includes(candidate.type)) &&
          (!candidate.media || mediaMatches(candidate.media)),
      )
    : undefined
  const srcset = source?.getAttribute("srcset") ?? img.getAttribute("srcset")
  const sizes = source?.getAttribute("sizes") ?? img.getAttribute("sizes")
  if (srcset) return pickCandidate(srcset, sizes)
  return img.getAttribute("src")
}

const isLocal = (url: string | null): url is string => !!url && url.startsWith("/") && !url.startsWith("//")

/** Where Gatsby keeps a page's page-data.json ("/" is "index", the 404 page is "404.html"). */
const pageDataUrl = (route: string) =>
  `/page-data/${route === "/" ? "index" : route === "/404" ? "404.html" : route.slice(1)}/page-data.json`

interface WebpackStats {
  namedChunkGroups: Record<string, { assets: (string | { name: string })[] }>
}

let stats: WebpackStats | undefined
const chunkGroupScripts = (name: string): string[] => {
  stats ??= JSON.parse(fs.readFileSync(path.join(siteRoot, "webpack.stats.json"), "utf8")) as WebpackStats
  const group = stats.namedChunkGroups[name]
  if (!group) throw new Error(`No chunk group ${name} in webpack.stats.json`)
  return group.assets
    .map(asset => `/${typeof asset === "string" ? asset : asset.name}`)
    .filter(url => url.endsWith(".js"))
}

/**
 * Everything the first load of a route fetches and, marked onAction, what the visitor's first action there
 * adds, by the rules in the header.
 */
export function firstLoad(route: string): Resource[] {
  const document = readDocument(htmlFile(route))
  const found = new Map<string, ResourceKind>()
  const lazy = new Set<string>()
  const onAction = new Set<string>()
  const add = (url: string | null, kind: ResourceKind) => {
    if (isLocal(url) && !found.has(url)) found.set(url, kind)
  }
  const addOnAction = (url: string | null, kind: ResourceKind) => {
    if (isLocal(url) && !found.has(url)) onAction.add(url)
    add(url, kind)
  }

  for (const script of Array.from(document.querySelectorAll("script[src]"))) add(script.getAttribute("src"), "script")
  for (const loader of Array.from(document.querySelectorAll("script[data-sources]")))
    for (const source of (loader.getAttribute("data-sources") ?? "").split(" ")) addOnAction(source, "script")

  const pageData = pageDataUrl(route)
  const { componentChunkName, staticQueryHashes = [] } = JSON.parse(
    fs.readFileSync(path.join(siteRoot, pageData), "utf8"),
  ) as { componentChunkName: string; staticQueryHashes?: string[] }
  addOnAction("/page-data/app-data.json", "data")
  addOnAction(pageData, "data")
  for (const hash of staticQueryHashes) addOnAction(`/page-data/sq/d/${hash}.json`, "data")
  for (const url of chunkGroupScripts(componentChunkName)) addOnAction(url, "script")

  for (const img of Array.from(document.querySelectorAll("img"))) {
    const url = imageUrl(img)
    if (url && img.getAttribute("loading") === "lazy" && !found.has(url)) lazy.add(url)
    add(url, "image")
  }
  for (const link of Array.from(document.querySelectorAll("link[href]"))) {
    const rel = (link.getAttribute("rel") ?? "").split(/\s+/)
    const as = link.getAttribute("as")
    if (rel.includes("icon")) add(link.getAttribute("href"), "image")
    else if (rel.includes("stylesheet")) add(link.getAttribute("href"), "other")
    else if (rel.includes("preload") || rel.includes("modulepreload"))
      add(
        link.getAttribute("href"),
        as === "font" ? "font" : as === "script" ? "script" : as === "image" ? "image" : "other",
      )
  }
  for (const style of Array.from(document.querySelectorAll("style")))
    for (const match of (style.textContent ?? "").matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g))
      add(match[1], /\.(woff2?|ttf|otf)$/.test(match[1]) ? "font" : "image")

  const html = path.relative(siteRoot, htmlFile(route))
  return [
    { url: `/${html}`, kind: "document" as const, bytes: servedBytes(`/${html}`) },
    ...Array.from(found, ([url, kind]) => ({
      url,
      kind,
      bytes: servedBytes(url),
      ...(lazy.has(url) && { lazy: true }),
      ...(onAction.has(url) && { onAction: true }),
    })),
  ]
}

export const totalBytes = (resources: Resource[], kind?: ResourceKind) =>
  resources.filter(resource => !kind || resource.kind === kind).reduce((sum, resource) => sum + resource.bytes, 0)
