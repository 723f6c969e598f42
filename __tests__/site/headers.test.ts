/*
 * The Content-Security-Policy as the build leaves it: a policy in every page's <head> that allows exactly the
 * inline code that page carries (counted here with jsdom, independently of src/build-time/deploy); what a <meta>
 * cannot say, sent by public/_headers for every path; /admin/'s own policy; the other security headers, and
 * caching rules that never give one path two values of the same header.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { MAX_RULES, PAGE_CACHE, REVALIDATE } from "../../src/build-time/deploy/headers"
import { FIRST_ACTIONS } from "../../src/build-time/deploy/on-first-action"
import { DRAFT_KEY } from "../../src/browser/estimate/draft"
import { OUTBOX_KEY } from "../../src/browser/estimate/outbox-storage"
import { paths } from "../../src/lib/paths"
import { EMAILJS_DEFAULT_ORIGIN } from "../../src/lib/estimate/config"
import { headersFor as sentHeaders, parseHeadersFile } from "../../scripts/headers-file.cjs"
import { htmlFile, readPage, routes, sampleCityRoute, siteRoot } from "../support/site"

const source = fs.readFileSync(path.join(siteRoot, "_headers"), "utf8")
const rules = parseHeadersFile(source)
const headersFor = (pathname: string) => sentHeaders(rules, pathname)

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map(part => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  )
}

const hash = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`
const EXECUTABLE = new Set(["", "module", "text/javascript", "application/javascript"])
const pages = [...routes, "/404"]

const metaPolicy = (route: string) =>
  readPage(route).head.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content") ?? ""
const policy = directives(metaPolicy("/"))
const everyPath = directives(headersFor("/")["Content-Security-Policy"] ?? "")

test("the build filled every slot of static/_headers", () => {
  expect(source.split("\n").filter(line => !line.trimStart().startsWith("#") && line.includes("{{"))).toEqual([])
})

describe("the Content-Security-Policy", () => {
  test.each(pages)("%s carries its policy first in its <head>, after its character set", route => {
    const { head } = readPage(route)
    // Pages differ only in the hashes of their own inline code.
    const withoutHashes = (value: string) => value.replace(/ 'sha256-[^']+'/g, "")
    expect(withoutHashes(metaPolicy(route))).toBe(withoutHashes(metaPolicy("/")))
    expect(head.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')).toHaveLength(1)
    expect(head.children[1]?.getAttribute("http-equiv")).toBe("Content-Security-Policy")
  })

  test("every path, the unknown ones (served 404.html, which carries the policy) too, is sent the same header", () => {
    for (const pathname of [...routes, "/404.html", "/no-such-page", paths.city("nowhere"), "/admin/"]) {
      const sent = headersFor(pathname)["Content-Security-Policy"] ?? ""
      expect(sent.startsWith(headersFor("/")["Content-Security-Policy"] ?? "-")).toBe(true)
    }
    expect(everyPath.get("frame-ancestors")).toEqual(["'none'"])
    expect(everyPath.get("object-src")).toEqual(["'none'"])
    // A header that limited scripts here would bind /admin/ too; the pages' own policy does that.
    expect(everyPath.has("script-src")).toBe(false)
  })

  test("loads everything from the site itself and forbids plugins, other bases and form targets", () => {
    expect(policy.get("default-src")).toEqual(["'self'"])
    expect(policy.get("img-src")).toEqual(["'self'", "data:"])
    expect(policy.get("font-src")).toEqual(["'self'"])
    expect(policy.get("object-src")).toEqual(["'none'"])
    expect(policy.get("base-uri")).toEqual(["'self'"])
    expect(policy.get("form-action")).toEqual(["'self'"])
  })

  test("/admin/ alone gets the content manager's policy, and no search engine may index it", () => {
    const rulesWithAdmin = rules.filter(rule => rule.headers.some(([, value]) => value.includes("'unsafe-eval'")))
    expect(rulesWithAdmin.map(rule => rule.path)).toEqual(["/admin/*"])
    for (const pathname of ["/admin/", "/admin/config.yml"]) {
      const sent = headersFor(pathname)
      expect(sent["Content-Security-Policy"]).toContain("script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'")
      expect(sent["X-Robots-Tag"]).toBe("noindex, nofollow")
    }
    expect(readPage("/").head.innerHTML).not.toContain("/admin")
  })

  test("lets scripts and styles come from the site and from hashes only", () => {
    const scripts = policy.get("script-src") ?? []
    const styles = policy.get("style-src") ?? []
    expect(scripts[0]).toBe("'self'")
    expect(scripts.slice(1).every(source => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true)
    // 'unsafe-hashes' lets the hashes cover style="" attributes too; it allows nothing unhashed.
    expect(styles.slice(0, 2)).toEqual(["'self'", "'unsafe-hashes'"])
    expect(styles.slice(2).every(source => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true)
    expect([...scripts, ...styles]).not.toContain("'unsafe-inline'")
    expect([...scripts, ...styles]).not.toContain("'unsafe-eval'")
  })

  test("connects only to the site and to the EmailJS origin this build sends to", () => {
    const [self, origin, ...others] = policy.get("connect-src") ?? []
    expect([self, others]).toEqual(["'self'", []])
    // The origin is the API's, or the EmailJS stand-in's when the build was made for it (scripts/build-site.mjs).
    expect(origin === EMAILJS_DEFAULT_ORIGIN || /^http:\/\/127\.0\.0\.1:\d+$/.test(origin)).toBe(true)
    const bundles = fs.readdirSync(siteRoot).filter(file => file.endsWith(".js"))
    expect(bundles.some(file => fs.readFileSync(path.join(siteRoot, file), "utf8").includes(origin))).toBe(true)
  })

  test.each(pages)("allows exactly the inline scripts, <style>s and style attributes of %s", route => {
    const own = directives(metaPolicy(route))
    const document = readPage(route)
    const scripts = Array.from(document.querySelectorAll("script:not([src])"))
      .filter(script => EXECUTABLE.has((script.getAttribute("type") ?? "").toLowerCase()))
      .map(script => script.textContent ?? "")
      .filter(code => code !== "")
    // jsdom parses with scripting off, so the <style> inside <noscript> is an element here, as for a
    // visitor without JavaScript.
    const styles = Array.from(document.querySelectorAll("style")).map(style => style.textContent ?? "")
    const attributes = Array.from(document.querySelectorAll("[style]")).map(element => element.getAttribute("style")!)
    expect(scripts.length).toBeGreaterThan(0)
    expect(own.get("script-src")?.slice(1).sort()).toEqual([...new Set(scripts.map(hash))].sort())
    // The empty one is the <style> Emotion's runtime fills for a page reached by a link.
    expect(own.get("style-src")?.slice(2).sort()).toEqual([...new Set([...styles, ...attributes, ""].map(hash))].sort())
    expect(own.get("style-src")?.length).toBeLessThanOrEqual(2 + 16)
  })
})

describe("the pages the policy covers", () => {
  /** The ids of a page's gathered component styles, and the Emotion classes its elements use. */
  const emotionOf = (route: string) => {
    const document = readPage(route)
    const blocks = document.head.querySelectorAll('style[data-emotion-gathered^="css "]')
    const [, ...ids] = blocks[0]?.getAttribute("data-emotion-gathered")?.split(" ") ?? []
    const used = Array.from(document.body.querySelectorAll("[class]"))
      .flatMap(node => [...node.classList])
      .filter(name => name.startsWith("css-"))
      .map(name => name.slice("css-".length))
    return { document, blocks, ids: new Set(ids), used: new Set(used) }
  }

  test.each(pages)("%s carries the Emotion styles of every class it uses in one block in <head>", route => {
    const { document, blocks, ids, used } = emotionOf(route)
    expect(document.querySelector("style[data-emotion]")).toBeNull()
    expect(blocks).toHaveLength(1)
    // css-0 is the class of an empty style, which has no rule.
    expect([...used].filter(id => id !== "0" && !ids.has(id))).toEqual([])
    // Written without vendor prefixes (src/lib/gathered-styles.ts › createSiteCache). The one prefixed name is
    // the FAQ's own: Safari draws a <summary>'s triangle as ::-webkit-details-marker, which no standard name hides.
    expect(blocks[0].textContent?.replaceAll("::-webkit-details-marker", "")).not.toMatch(/-(webkit|moz|ms)-/)
  })

  test("a page carries none of the styles only another page uses", () => {
    const home = emotionOf("/")
    const locations = emotionOf(paths.locations)
    const homeOnly = [...home.used].filter(id => !locations.used.has(id))
    expect(homeOnly.length).toBeGreaterThan(0)
    expect(homeOnly.filter(id => locations.ids.has(id))).toEqual([])
  })

  test.each(pages)("%s loads Gatsby's bundles through the one loader script, on the visitor's first action", route => {
    const document = readPage(route)
    expect(document.querySelectorAll("script[src]")).toHaveLength(0)
    const loaders = document.querySelectorAll("script#gatsby-bundles")
    expect(loaders).toHaveLength(1)
    const sources = loaders[0].getAttribute("data-sources")?.split(" ") ?? []
    expect(sources.map(source => source.replace(/-[0-9a-f]{20}\.js$/, ""))).toEqual([
      "/webpack-runtime",
      "/framework",
      "/app",
    ])
    for (const source of sources) expect(fs.existsSync(path.join(siteRoot, source))).toBe(true)
    // The build's own loader, as the build minified it: it waits for these actions, or finds work left in storage.
    for (const name of [...FIRST_ACTIONS, OUTBOX_KEY, DRAFT_KEY]) expect(loaders[0].textContent).toContain(`"${name}"`)
  })

  test.each(pages)("%s names its own path on Gatsby's loader script", route => {
    const loader = readPage(route).getElementById("gatsby-script-loader")
    expect(loader?.getAttribute("data-page-path")).toBe(route === "/404" ? "/404.html" : route)
    expect(loader?.textContent).not.toContain(route === "/" ? '"/"' : route)
  })
})

describe("the other headers", () => {
  test("every path gets the security headers once", () => {
    for (const pathname of ["/", paths.estimate, sampleCityRoute, "/no-such-page", "/page-data/app-data.json"]) {
      const sent = headersFor(pathname)
      expect(sent["X-Content-Type-Options"]).toBe("nosniff")
      expect(sent["X-Frame-Options"]).toBe("DENY")
      expect(sent["Referrer-Policy"]).toBe("strict-origin-when-cross-origin")
      expect(sent["Permissions-Policy"]).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\)/)
      expect(sent["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/)
    }
  })

  test("webpack's hashed bundles are cached for a year and never revalidated", () => {
    const bundles = fs.readdirSync(siteRoot).filter(file => /-[0-9a-f]{20}\.js$/.test(file))
    expect(bundles.length).toBeGreaterThan(3)
    for (const bundle of bundles)
      expect(headersFor(`/${bundle}`)["Cache-Control"]).toBe("public, max-age=31536000, immutable")
    expect(headersFor("/static/d1e2f3/image.avif")["Cache-Control"]).toBe("public, max-age=31536000, immutable")
  })

  test(`the file stays within the ${MAX_RULES} rules Cloudflare Pages reads: the city pages share one rule`, () => {
    expect(rules.length).toBeLessThanOrEqual(MAX_RULES)
    expect(rules.map(rule => rule.path).filter(rulePath => rulePath.startsWith("/locations/"))).toEqual([
      "/locations/*",
    ])
  })

  test.each(pages)("%s and its page data are revalidated on every visit", route => {
    expect(fs.existsSync(htmlFile(route))).toBe(true)
    const pathname = route === "/404" ? "/404.html" : route
    expect(headersFor(pathname)["Cache-Control"]).toBe(PAGE_CACHE)
    const dataPath = `/page-data${route === "/" ? "/index/" : pathname.replace(/\.html$/, "/")}page-data.json`
    expect(headersFor(dataPath)["Cache-Control"]).toBe(REVALIDATE)
  })
})
