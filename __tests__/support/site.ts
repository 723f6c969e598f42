/*
 * The built site as the checks see it: where it lives (public/, or SITE_ROOT), which routes it must
 * have (from the content in data/), and its pages parsed with jsdom (no scripts run).
 */
import fs from "node:fs"
import path from "node:path"
import { JSDOM, VirtualConsole } from "jsdom"
import business from "../../data/business.json"
import { paths } from "../../src/lib/paths"
import { cities, counties, servicePages } from "../fixtures/content"
import { fullestProjectRoute, proofRoutes } from "./proof"

export const repoRoot = path.resolve(__dirname, "../..")
export const siteRoot = path.resolve(process.env.SITE_ROOT ?? path.join(repoRoot, "public"))
export const siteUrl = business.siteUrl.replace(/\/+$/, "")

export interface City {
  slug: string
  name: string
}

export const cityList: City[] = cities.map(({ slug, name }) => ({ slug, name }))
export const cityRoute = (city: City) => paths.city(city.slug)
export const serviceRoutes = servicePages.map(({ slug }) => paths.service(slug))
export const cityRoutes = cityList.map(cityRoute)
/** One city page the browser tests open as the sample of its type: the first city of the content. */
export const sampleCityRoute = cityRoutes[0]
/** One service page the browser tests open as the sample of its type: the first service page of the content. */
export const sampleServiceRoute = serviceRoutes[0]
/** An address no page has: the server answers it with the 404 page. */
export const UNKNOWN_ROUTE = "/no-such-page"
/**
 * One page of each kind, which the browser tests open to meet every kind of control: hero buttons, cards, the
 * form, city lists, FAQs, a project's photos, the 404 page's link.
 */
export const PAGE_KINDS = [
  paths.home,
  paths.estimate,
  paths.locations,
  sampleServiceRoute,
  sampleCityRoute,
  fullestProjectRoute,
  UNKNOWN_ROUTE,
]
/** Each county's main city's page (the Locations menu's links). */
export const hubCityRoutes = counties.map(county => paths.city(county.hubCity))

/** Every route the build must write, without the 404 page; the tests' build holds the sample projects and reviews. */
export const routes = [
  paths.home,
  paths.estimate,
  paths.locations,
  paths.privacy,
  paths.accessibility,
  paths.warranty,
  ...serviceRoutes,
  ...cityRoutes,
  ...proofRoutes,
]

/** The absolute address of a route on the public site, as canonical links and the sitemap spell it. */
export const absoluteUrl = (route: string) => `${siteUrl}${route}`

/** The HTML file the build writes for a route ("/404" is the 404 page the server answers with). */
export const htmlFile = (route: string) =>
  route === "/404" ? path.join(siteRoot, "404.html") : path.join(siteRoot, route.slice(1), "index.html")

/** The built HTML file that serves a path on the site (no query or fragment), as the server resolves it. */
export function pageFile(pathname: string): string | null {
  const clean = pathname.replace(/\/+$/, "")
  const candidates = clean === "" ? ["index.html"] : [path.join(clean, "index.html"), `${clean}.html`]
  if (clean.endsWith(".html")) candidates.unshift(clean)
  for (const candidate of candidates) {
    const file = path.join(siteRoot, candidate)
    if (file.startsWith(siteRoot) && fs.existsSync(file) && fs.statSync(file).isFile()) return file
  }
  return null
}

const cache = new Map<string, Document>()

/** A built HTML file's document, parsed once. Scripts do not run and jsdom's CSS warnings are dropped. */
export function readDocument(file: string): Document {
  const cached = cache.get(file)
  if (cached) return cached
  const html = fs.readFileSync(file, "utf8")
  const { document } = new JSDOM(html, { virtualConsole: new VirtualConsole() }).window
  cache.set(file, document)
  return document
}

export const readPage = (route: string) => readDocument(htmlFile(route))

/** The text of an element with its text nodes separated by spaces, leaving out styles and scripts. */
export function textOf(root: Element): string {
  const parts: string[] = []
  const walk = (node: Node) => {
    if (node.nodeType === node.TEXT_NODE) parts.push(node.textContent ?? "")
    else if (node.nodeType === node.ELEMENT_NODE) {
      const tag = (node as Element).tagName
      if (tag === "STYLE" || tag === "SCRIPT" || tag === "NOSCRIPT" || tag === "TEMPLATE") return
      node.childNodes.forEach(walk)
    }
  }
  walk(root)
  return parts.join(" ").replace(/\s+/g, " ").trim()
}

/** The city page whose built main holds the most words: the browser tests' longest page of its template. */
export const fullestCityRoute = (): string => {
  const words = (route: string) =>
    textOf(readPage(route).querySelector("main") ?? readPage(route).body).split(" ").length
  return [...cityRoutes].sort((one, other) => words(other) - words(one))[0]
}
