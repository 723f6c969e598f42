/*
 * Every address the site gives out, asked of the build as Cloudflare serves it: the Worker with static assets
 * (scripts/serve.mjs, `wrangler dev`): the links of every page, its canonical and Open Graph addresses,
 * the addresses in its structured data, the sitemap's entries and robots.txt's sitemap line. Each must answer
 * 200 itself: an address that redirects is a round trip more for a visitor and a mixed signal to a search
 * engine (the canonical names a URL that is not the page). An old address without the slash still reaches its
 * page, with one permanent redirect.
 */
import fs from "node:fs"
import path from "node:path"
import { BUILD_INFO_FILE } from "../../src/build-time/deploy/build-info"
import { PAGE_CACHE } from "../../src/build-time/deploy/headers"
import { paths } from "../../src/lib/paths"
import { htmlFile, readDocument, routes, sampleCityRoute, sampleServiceRoute, siteRoot, siteUrl } from "../support/site"
import { setUpBrowser } from "./support"

const { url } = setUpBrowser({ runtime: "host" })

const locsIn = (xml: string) => Array.from(xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g), match => match[1])

/** The string values of the keys that hold addresses, anywhere in a JSON-LD block. */
function ldAddresses(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(ldAddresses)
  if (value === null || typeof value !== "object") return []
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === "string"
      ? ["@id", "url", "item", "image", "logo"].includes(key)
        ? [inner]
        : []
      : ldAddresses(inner),
  )
}

/** Where each address came from, by the address it names on the public site or as a path. */
function addressesGivenOut(): Map<string, string> {
  const found = new Map<string, string>()
  const add = (address: string, from: string) => {
    if (!found.has(address)) found.set(address, from)
  }
  for (const route of [...routes, "/404"]) {
    const document = readDocument(htmlFile(route))
    for (const link of document.querySelectorAll("a[href]")) add(link.getAttribute("href")!, `a link on ${route}`)
    for (const link of document.querySelectorAll('link[rel="canonical"]'))
      add(link.getAttribute("href")!, `the canonical of ${route}`)
    for (const meta of document.querySelectorAll('meta[property="og:url"], meta[property="og:image"]'))
      add(meta.getAttribute("content")!, `${meta.getAttribute("property")} of ${route}`)
    for (const script of document.querySelectorAll('script[type="application/ld+json"]'))
      for (const address of ldAddresses(JSON.parse(script.textContent ?? "null")))
        add(address, `the structured data of ${route}`)
  }
  const read = (file: string) => fs.readFileSync(path.join(siteRoot, file), "utf8")
  const robots = /^Sitemap: (\S+)$/m.exec(read("robots.txt"))?.[1]
  if (robots) add(robots, "robots.txt")
  for (const sitemap of locsIn(read("sitemap-index.xml"))) {
    add(sitemap, "sitemap-index.xml")
    for (const loc of locsIn(read(new URL(sitemap).pathname.slice(1)))) add(loc, new URL(sitemap).pathname)
  }
  return found
}

/** An address of this site as a path on the served build; null for another site's or a phone's address. */
function servedPath(address: string): string | null {
  const withoutFragment = address.replace(/#.*$/, "")
  if (withoutFragment === "") return null
  if (withoutFragment.startsWith(`${siteUrl}/`)) return withoutFragment.slice(siteUrl.length)
  return withoutFragment.startsWith("/") && !withoutFragment.startsWith("//") ? withoutFragment : null
}

describe("every address the site gives out, on the Worker's runtime", () => {
  test("answers 200 with no redirect", async () => {
    const given = addressesGivenOut()
    const byPath = new Map<string, string>()
    for (const [address, from] of given) {
      const pathname = servedPath(address)
      if (pathname !== null && !byPath.has(pathname)) byPath.set(pathname, `${address} (${from})`)
    }
    // Every page is among them, through the sitemap and the links.
    for (const route of routes) expect(byPath.has(route)).toBe(true)
    const answers = await Promise.all(
      [...byPath].map(async ([pathname, origin]) => {
        const response = await fetch(url(pathname), { redirect: "manual" })
        await response.arrayBuffer()
        return { origin, status: response.status, location: response.headers.get("location") }
      }),
    )
    expect(answers.filter(answer => answer.status !== 200)).toEqual([])
    console.log(
      `${byPath.size} distinct addresses of the site (from ${given.size} given out, other sites' included) answered 200`,
    )
  }, 60_000)

  test.each([paths.estimate, sampleCityRoute, sampleServiceRoute])(
    "the old address of %s, without the slash, reaches it with one redirect",
    async route => {
      const old = route.replace(/\/$/, "")
      const first = await fetch(url(old), { redirect: "manual" })
      // Netlify answers 301; Cloudflare's static assets (auto-trailing-slash) 307, as the Worker's runtime does here.
      expect([301, 307, 308]).toContain(first.status)
      const next = new URL(first.headers.get("location") ?? "", url(old))
      expect(next.pathname).toBe(route)
      expect((await fetch(next, { redirect: "manual" })).status).toBe(200)
    },
  )
})

describe("what the hosts must not change, and what the build says it is", () => {
  test("pages are sent no-transform, so no proxy rewrites the code their policy hashes", async () => {
    for (const route of [paths.home, paths.estimate, sampleCityRoute, sampleServiceRoute]) {
      const response = await fetch(url(route))
      expect([route, response.headers.get("cache-control")]).toEqual([route, PAGE_CACHE])
    }
  })

  test(`/${BUILD_INFO_FILE} names the commit and the time of the build, is never cached and is no page`, async () => {
    const response = await fetch(url(`/${BUILD_INFO_FILE}`))
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("no-store")
    const info = (await response.json()) as { commit: string | null; builtAt: string }
    expect(info.commit === null || /^[0-9a-f]{7,40}$/.test(info.commit)).toBe(true)
    expect(Number.isNaN(Date.parse(info.builtAt))).toBe(false)
    const sitemap = fs.readFileSync(path.join(siteRoot, "sitemap-0.xml"), "utf8")
    expect(sitemap).not.toContain(BUILD_INFO_FILE)
  })
})
