/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { LOAD_ON_FIRST_ACTION, LOADER_ID, loadBundlesOnAction } from "../src/build-time/deploy/on-first-action"
import { RewrittenPageError } from "../src/build-time/deploy/rewritten"
import {
  compactScripts,
  minifyScript,
  withMinifiedEarlySubmit,
  withoutChunkMapping,
} from "../src/build-time/deploy/compact-scripts"
import {
  EARLY_SUBMIT_SCRIPT_ID,
  holdEarlySubmitsScript,
  nativeCheckMessages,
} from "../src/browser/estimate/early-submit"
import { gatherEmotionStyles } from "../src/build-time/deploy/emotion-styles"
import { builtPages, finishBuild, pageFolders, publicFiles } from "../src/build-time/deploy/finish-build"
import {
  completeHeaders,
  IMMUTABLE,
  isHashedAsset,
  MAX_RULES,
  PAGE_CACHE,
  pagePathOf,
  pageRulePaths,
  REVALIDATE,
} from "../src/build-time/deploy/headers"
import {
  adminPolicy,
  EVERY_PATH_POLICY,
  GOOGLE_TAG_SOURCES,
  pagePolicy,
  policyMeta,
} from "../src/build-time/deploy/policy"
import { cspHash, decodeAttribute, inlineCode } from "../src/build-time/deploy/inline-code"
import { shareLoaderScript, SHARED_PAGE_PATH_ASSIGNMENT } from "../src/build-time/deploy/page-path-script"
import { CHUNK_MAPPING, ENGINE_SCRIPTS, STATIC_QUERY, TEMPLATE_SCRIPTS, writeGatsbyPage } from "./support/gatsby-output"
import { ENGINE_CHUNK } from "../src/build-time/deploy/on-first-action"

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`

describe("inlineCode", () => {
  const html = page(
    `<script type="application/ld+json">{"@type":"Thing"}</script><style>.a{color:red}</style>`,
    `<div style="opacity:0">x</div><p style='max-width:&quot;1&quot;'>y</p>` +
      `<script>window.a=1</script><script type="module">import("/x.js")</script>` +
      `<script src="/app.js" async></script><script id="empty"></script>` +
      `<noscript><style>.b{opacity:1}</style></noscript>`,
  )

  it("finds the scripts that run, but not data blocks, external or empty scripts", () => {
    expect(inlineCode(html).scripts).toEqual(["window.a=1", 'import("/x.js")'])
  })

  it("finds <style> bodies, those inside <noscript> included", () => {
    expect(inlineCode(html).styles).toEqual([".a{color:red}", ".b{opacity:1}"])
  })

  it("finds style attributes with either quote, decoded as the browser decodes them", () => {
    expect(inlineCode(html).styleAttributes).toEqual(["opacity:0", 'max-width:"1"'])
    expect(decodeAttribute("a&amp;b&#39;c&#x22;d&nbsp;")).toBe("a&b'c\"d&nbsp;")
  })

  it("hashes with SHA-256 in the CSP source syntax", () => {
    expect(cspHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
    expect(cspHash("a")).not.toBe(cspHash("b"))
  })
})

describe("gatherEmotionStyles", () => {
  const home = page(
    `<title>Home</title><style>.gatsby-image-wrapper{position:relative}</style>`,
    `<style data-emotion="css-global 1g">body{margin:0}</style><style data-emotion="css a1">.css-a1{color:red}</style>` +
      `<main class="css-a1"><style data-emotion="css b2 animation-k">@keyframes k{}.css-b2{animation:k}</style>` +
      `<p class="css-b2">Hi</p><style data-emotion="css a1">.css-a1{color:red}</style></main>`,
  )
  const about = page(
    `<title>About</title>`,
    `<style data-emotion="css c3">.css-c3{color:blue}</style><p class="css-c3">About</p>`,
  )

  it("leaves no Emotion block in the body and keeps the other styles where they were", () => {
    const rewritten = gatherEmotionStyles(home)
    const body = rewritten.slice(rewritten.indexOf("<body>"))
    expect(body).not.toContain("<style")
    expect(body).toContain('<main class="css-a1"><p class="css-b2">Hi</p></main>')
    expect(rewritten).toContain("<title>Home</title><style>.gatsby-image-wrapper{position:relative}</style>")
  })

  it("gives a page one block of its own component styles, each id once, and none of another page's", () => {
    const first = gatherEmotionStyles(home)
    expect(first).toContain(
      '<style data-emotion-gathered="css a1 b2 animation-k">.css-a1{color:red}@keyframes k{}.css-b2{animation:k}</style>',
    )
    expect(first.match(/\.css-a1\{/g)).toHaveLength(1)
    expect(first).not.toContain("css-c3")
    expect(gatherEmotionStyles(about)).toContain('<style data-emotion-gathered="css c3">.css-c3{color:blue}</style>')
  })

  it("puts global styles first, before the component styles", () => {
    const first = gatherEmotionStyles(home)
    expect(first).toMatch(
      /<style data-emotion-gathered="css-global 1g">body\{margin:0\}<\/style><style data-emotion-gathered="css a1 /,
    )
    expect(gatherEmotionStyles(about)).not.toContain("css-global")
    expect(first.indexOf('data-emotion-gathered="css a1')).toBeLessThan(first.indexOf("</head>"))
  })

  it("refuses a page an earlier build rewrote, asking for a clean build", () => {
    expect(() => gatherEmotionStyles(gatherEmotionStyles(home))).toThrow(/earlier build already rewrote.*npm run clean/)
  })

  it("leaves a page without Emotion styles untouched, and refuses a page without <head>", () => {
    expect(gatherEmotionStyles(page("", "<p>plain</p>"))).toEqual(page("", "<p>plain</p>"))
    expect(() => gatherEmotionStyles('<p><style data-emotion="css a">.a{}</style></p>')).toThrow(/<\/head>/)
  })

  it("keeps a replacement pattern in the CSS literal", () => {
    const rewritten = gatherEmotionStyles(page("", `<style data-emotion="css d">.d::after{content:"$&"}</style>`))
    expect(rewritten).toContain('content:"$&"}</style></head>')
  })
})

describe("compactScripts", () => {
  const early = `<script id="${EARLY_SUBMIT_SCRIPT_ID}">${holdEarlySubmitsScript()}</script>`
  // Gatsby writes the map on a line of its own, indented: the line goes with it.
  const loader = '<script id="gatsby-script-loader">window.x=1</script>'
  const built = page(early, `<main>Hi</main>\n          ${CHUNK_MAPPING}\n        ${loader}`)

  it("leaves out Gatsby's chunk map, which its loader finds nothing in, and nothing else", () => {
    const compact = withoutChunkMapping(built)
    expect(compact).not.toContain("___chunkMapping")
    expect(compact).toBe(page(early, `<main>Hi</main>\n        ${loader}`))
  })

  it("stops when Gatsby writes the chunk map otherwise, or not at all, naming this step", () => {
    const asObject = built.replace(/___chunkMapping="[^;]*;/, '___chunkMapping={"app":[]};')
    expect(() => withoutChunkMapping(asObject)).toThrow("src/build-time/deploy/compact-scripts.ts")
    expect(() => withoutChunkMapping(page("", "<main>Hi</main>"))).toThrow(/gatsby-chunk-mapping/)
  })

  it("minifies the early-submit hold into code that still parses, without its comments, the same on every page", () => {
    const code = /<script id="hold-early-submits">([\s\S]*?)<\/script>/.exec(withMinifiedEarlySubmit(built))?.[1] ?? ""
    expect(code.length).toBeLessThan(holdEarlySubmitsScript().length * 0.8)
    expect(code).not.toContain("//")
    expect(code).toContain(JSON.stringify(nativeCheckMessages.name))
    expect(() => new Function(code)).not.toThrow()
    expect(minifyScript(holdEarlySubmitsScript())).toBe(code)
    expect(withMinifiedEarlySubmit(page("", "<main>Hi</main>"))).toBe(page("", "<main>Hi</main>"))
  })

  it("does both, as finish-build.ts does to each page before its policy hashes the page's scripts", () => {
    const compact = compactScripts(built)
    expect(compact).toContain(`>${minifyScript(holdEarlySubmitsScript())}</script>`)
    expect(compact).not.toContain("gatsby-chunk-mapping")
  })
})

describe("loadBundlesOnAction", () => {
  const built = page(
    "<title>Home</title>",
    '<main>Hi</main><script id="gatsby-script-loader">window.pagePath="/"</script>' +
      '<script src="/webpack-runtime-1.js" async=""></script><script src="/framework-2.js" async></script>' +
      '<script>window.___chunkMapping={}</script><script src="/app-3.js" async=""></script>',
  )

  it("puts one loader listing the bundles in order where the first bundle stood, and keeps the other scripts", () => {
    const rewritten = loadBundlesOnAction(built)
    expect(rewritten).toContain(
      '<script id="gatsby-script-loader">window.pagePath="/"</script>' +
        `<script id="${LOADER_ID}" data-sources="/webpack-runtime-1.js /framework-2.js /app-3.js">` +
        `${LOAD_ON_FIRST_ACTION}</script><script>window.___chunkMapping={}</script></body>`,
    )
    expect(rewritten).not.toMatch(/<script src=/)
  })

  it("refuses a page an earlier build rewrote, asking for a clean build", () => {
    expect(() => loadBundlesOnAction(loadBundlesOnAction(built))).toThrow(RewrittenPageError)
  })

  it("refuses a page without bundle tags, the sign that Gatsby writes them differently", () => {
    expect(() => loadBundlesOnAction(page("", "<main>Hi</main>"))).toThrow(/on-first-action\.ts/)
  })
})

describe("shareLoaderScript", () => {
  it("moves the page's path out of Gatsby's loader script", () => {
    const shared = shareLoaderScript(
      '/*<![CDATA[*/window.pagePath="/locations/st-george\\"x";window.___webpackCompilationHash="abc";/*]]>*/',
    )
    expect(shared.pagePath).toBe('/locations/st-george"x')
    expect(shared.code).toBe(
      `/*<![CDATA[*/${SHARED_PAGE_PATH_ASSIGNMENT}window.___webpackCompilationHash="abc";/*]]>*/`,
    )
  })

  it("gives two pages the same script", () => {
    const script = (pagePath: string) => shareLoaderScript(`window.pagePath=${JSON.stringify(pagePath)};`).code
    expect(script("/")).toBe(script("/locations/lehi"))
  })

  it("fails the build when Gatsby changes the script's shape", () => {
    expect(() => shareLoaderScript("window.___pagePath='/'")).toThrow(/page-path-script\.ts/)
  })
})

describe("completeHeaders", () => {
  const template = [
    "# {{ADMIN_POLICY}} is documented here",
    "/*",
    "  Content-Security-Policy: {{EVERY_PATH_POLICY}}",
    "/admin/*",
    "  Content-Security-Policy: {{ADMIN_POLICY}}",
    "",
  ].join("\n")
  const values = {
    slots: { EVERY_PATH_POLICY: "frame-ancestors 'none'", ADMIN_POLICY: "default-src 'self'" },
    hashedAssetPaths: ["/app-0123456789abcdef0123.js", "/framework-0123456789abcdef0123.js"],
    pagePaths: ["/locations/lehi/", "/", "/404.html"],
    pageFolders: [],
  }
  const ruleLines = (headers: string) => headers.split("\n").filter(line => line.startsWith("/"))

  it("fills the slots, and leaves comments alone", () => {
    const headers = completeHeaders(template, values)
    expect(headers).toContain("/*\n  Content-Security-Policy: frame-ancestors 'none'\n")
    expect(headers).toContain("/admin/*\n  Content-Security-Policy: default-src 'self'\n")
    expect(headers).toContain("# {{ADMIN_POLICY}} is documented here")
  })

  it("adds a year of immutable caching per hashed asset and revalidation per page", () => {
    const headers = completeHeaders(template, values)
    expect(headers).toContain(`/app-0123456789abcdef0123.js\n  Cache-Control: ${IMMUTABLE}\n`)
    expect(headers).toContain(`/\n  Cache-Control: ${PAGE_CACHE}\n/404.html\n  Cache-Control: ${PAGE_CACHE}\n`)
    expect(headers).toContain(`/locations/lehi/\n  Cache-Control: ${PAGE_CACHE}\n`)
    // The pages are revalidated and never rewritten on the way; the hashed assets may be.
    expect(PAGE_CACHE).toBe(`${REVALIDATE}, no-transform`)
    expect(IMMUTABLE).not.toContain("no-transform")
  })

  it("refuses a slot it does not know", () => {
    expect(() => completeHeaders("/*\n  X-Thing: {{NONCE}}\n", values)).toThrow("unknown slot {{NONCE}}")
  })

  it("gives a folder of nothing but pages one rule, so a hundred more cities add none", () => {
    const cities = Array.from({ length: 300 }, (_, index) => `/locations/city-${index}/`)
    const pagePaths = ["/", "/locations/", ...cities, "/guides/sealing/"]
    expect(pageRulePaths(pagePaths, ["locations"])).toEqual([
      "/",
      "/locations/*",
      ...cities.map(() => "/locations/*"),
      "/guides/sealing/",
    ])
    const headers = completeHeaders(template, { ...values, pagePaths, pageFolders: ["locations"] })
    expect(ruleLines(headers)).toEqual([
      "/*",
      "/admin/*",
      "/app-0123456789abcdef0123.js",
      "/framework-0123456789abcdef0123.js",
      "/",
      "/guides/sealing/",
      "/locations/*",
    ])
  })

  it(`fails the build rather than write more rules than the ${MAX_RULES} Cloudflare Pages reads`, () => {
    const pagePaths = Array.from({ length: MAX_RULES }, (_, index) => `/guides/guide-${index}/`)
    expect(() => completeHeaders(template, { ...values, pagePaths })).toThrow(
      `public/_headers: ${MAX_RULES + 4} rules, more than the ${MAX_RULES} Cloudflare Pages reads`,
    )
  })

  it("names the assets and page paths of a build", () => {
    expect(isHashedAsset("app-73986cff34e6b790fd84.js")).toBe(true)
    expect(isHashedAsset("component---src-pages-index-tsx-0dd29a3b6f0ce5e64b4c.js")).toBe(true)
    expect(isHashedAsset("chunk-map.json")).toBe(false)
    expect(isHashedAsset("app-73986cff34e6b790fd84.js.map")).toBe(false)
    expect(pagePathOf("index.html")).toBe("/")
    expect(pagePathOf("estimate/index.html")).toBe("/estimate/")
    expect(pagePathOf("locations/lehi/index.html")).toBe("/locations/lehi/")
    expect(pagePathOf("locations\\lehi\\index.html")).toBe("/locations/lehi/")
    expect(pagePathOf("404.html")).toBe("/404.html")
  })
})

describe("pagePolicy", () => {
  const values = { scriptHashes: ["'sha256-a'", "'sha256-b'", "'sha256-a'"], styleHashes: ["'sha256-c'"] }
  const directive = (policy: string, name: string) =>
    policy
      .split(";")
      .map(part => part.trim())
      .find(part => part.startsWith(`${name} `))

  it("allows the pages' own files, exactly their inline code once each, and the form's origin", () => {
    const policy = pagePolicy({ ...values, emailjsOrigin: "https://api.emailjs.com/" })
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'sha256-a' 'sha256-b'")
    expect(directive(policy, "style-src")).toBe("style-src 'self' 'unsafe-hashes' 'sha256-c'")
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://api.emailjs.com")
    // A <meta> policy cannot say frame-ancestors; the header every path gets says it.
    expect(policy).not.toContain("frame-ancestors")
    expect(EVERY_PATH_POLICY).toContain("frame-ancestors 'none'")
  })

  it("adds the Google tag's origins only when the build loads the tag", () => {
    expect(pagePolicy({ ...values, emailjsOrigin: "https://api.emailjs.com" })).not.toContain("googletagmanager")
    const policy = pagePolicy({ ...values, emailjsOrigin: "https://api.emailjs.com", googleTag: true })
    expect(directive(policy, "script-src")).toBe(
      `script-src 'self' 'sha256-a' 'sha256-b' ${GOOGLE_TAG_SOURCES["script-src"].join(" ")}`,
    )
    expect(directive(policy, "connect-src")).toContain("https://api.emailjs.com https://www.googletagmanager.com")
    expect(directive(policy, "img-src")).toBe(`img-src 'self' data: ${GOOGLE_TAG_SOURCES["img-src"].join(" ")}`)
    // Directives the policy does not have start from the site itself.
    expect(directive(policy, "frame-src")).toBe(
      "frame-src 'self' https://www.googletagmanager.com https://td.doubleclick.net",
    )
  })

  it("gives /admin/ the CMS's needs, EmailJS for the test send, and the local backend only when asked", () => {
    const admin = adminPolicy()
    expect(directive(admin, "script-src")).toBe("script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'")
    expect(directive(admin, "connect-src")).toBe("connect-src 'self' blob: https://api.github.com")
    expect(
      directive(
        adminPolicy({ localBackend: "http://localhost:8081", emailjs: "https://api.emailjs.com" }),
        "connect-src",
      ),
    ).toBe("connect-src 'self' blob: http://localhost:8081 https://api.emailjs.com https://api.github.com")
    expect(admin).toContain("frame-ancestors 'none'")
  })
})

describe("finishBuild", () => {
  const bundles = `${CHUNK_MAPPING}<script src="/app-0123456789abcdef0123.js" async=""></script>`
  let dir: string
  const writePage = (file: string, html: string) => writeGatsbyPage(dir, file, html)
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "finish-build-"))
    fs.mkdirSync(path.join(dir, "_gatsby/slices"), { recursive: true })
    writePage(
      "index.html",
      page(
        "",
        `<style data-emotion="css a">.a{}</style><script>window.x=1</script><i style="outline:none"></i>${bundles}`,
      ),
    )
    writePage("estimate/index.html", page("", `<style data-emotion="css b">.b{}</style>${bundles}`))
    fs.writeFileSync(path.join(dir, "_gatsby/slices/scripts.html"), "<script>fragment()</script>")
    fs.writeFileSync(path.join(dir, "app-0123456789abcdef0123.js"), "")
    fs.writeFileSync(
      path.join(dir, "_headers"),
      "/*\n  Content-Security-Policy: {{EVERY_PATH_POLICY}}\n/admin/*\n  Content-Security-Policy: {{ADMIN_POLICY}}\n",
    )
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("rewrites the pages and gives each a policy that hashes exactly its own inline code", () => {
    const finished = finishBuild(dir, {
      emailjsOrigin: "http://127.0.0.1:8788",
      adminPolicy: "default-src 'self'",
      immutablePaths: ["/admin/decap-cms-1.0.0/*"],
    })
    expect([...finished.policies.keys()]).toEqual(["estimate/index.html", "index.html"])
    const home = fs.readFileSync(path.join(dir, "index.html"), "utf8")
    const homePolicy = finished.policies.get("index.html") ?? ""
    const estimatePolicy = finished.policies.get("estimate/index.html") ?? ""
    expect(home).toContain('<style data-emotion-gathered="css a">.a{}</style></head>')
    expect(home).toContain(
      `<script id="${LOADER_ID}" data-sources="/app-0123456789abcdef0123.js"` +
        ` data-page-scripts="${TEMPLATE_SCRIPTS.join(" ")}"` +
        ` data-page-data="/page-data/app-data.json /page-data/index/page-data.json /page-data/sq/d/${STATIC_QUERY}.json">`,
    )
    expect(fs.readFileSync(path.join(dir, "estimate/index.html"), "utf8")).toContain(
      `data-page-data="/page-data/app-data.json /page-data/estimate/page-data.json /page-data/sq/d/${STATIC_QUERY}.json">`,
    )
    // Each page carries its policy first in its <head>.
    expect(home.indexOf(policyMeta(homePolicy))).toBe(home.indexOf("<head>") + "<head>".length)
    expect(fs.readFileSync(path.join(dir, "estimate/index.html"), "utf8")).toContain(policyMeta(estimatePolicy))
    expect(homePolicy).toContain(`script-src 'self' ${cspHash("window.x=1")} ${cspHash(LOAD_ON_FIRST_ACTION)};`)
    expect(estimatePolicy).toContain(`script-src 'self' ${cspHash(LOAD_ON_FIRST_ACTION)};`)
    expect(homePolicy).not.toContain(cspHash("fragment()"))
    expect(homePolicy).toContain(
      `style-src 'self' 'unsafe-hashes' ${cspHash(".a{}")} ${cspHash("outline:none")} ${cspHash("")};`,
    )
    expect(estimatePolicy).toContain(`style-src 'self' 'unsafe-hashes' ${cspHash(".b{}")} ${cspHash("")};`)
    expect(homePolicy).toContain("connect-src 'self' http://127.0.0.1:8788;")
    expect(finished.styleHashes).toHaveLength(4)
    const headers = fs.readFileSync(path.join(dir, "_headers"), "utf8")
    expect(headers).toContain(`/*\n  Content-Security-Policy: ${EVERY_PATH_POLICY}\n`)
    expect(headers).toContain(`/app-0123456789abcdef0123.js\n  Cache-Control: ${IMMUTABLE}`)
    expect(headers).toContain(`/admin/decap-cms-1.0.0/*\n  Cache-Control: ${IMMUTABLE}`)
    expect(headers).toContain(`/\n  Cache-Control: ${PAGE_CACHE}\n`)
    expect(headers).toContain(`/estimate/*\n  Cache-Control: ${PAGE_CACHE}\n`)
  })

  it("folds the pages of a folder that holds only pages into one rule, and no other folder", () => {
    for (const file of ["locations/index.html", "locations/lehi/index.html", "locations/provo/index.html"])
      writePage(file, page("", bundles))
    writePage("guides/sealing/index.html", page("", bundles))
    fs.writeFileSync(path.join(dir, "guides/sealing/sealer.pdf"), "")
    const files = publicFiles(dir)
    expect(pageFolders(files, builtPages(files))).toEqual(["estimate", "locations"])
    finishBuild(dir, { emailjsOrigin: "http://127.0.0.1:8788", adminPolicy: "default-src 'self'" })
    const headers = fs.readFileSync(path.join(dir, "_headers"), "utf8")
    // /locations/* matches /locations/ too, so the folder's own page takes no rule of its own.
    expect(headers).toContain(`/locations/*\n  Cache-Control: ${PAGE_CACHE}\n`)
    expect(headers).not.toMatch(/^\/locations\/$/m)
    expect(headers).not.toContain("/locations/lehi")
    expect(headers).toContain(`/guides/sealing/\n  Cache-Control: ${PAGE_CACHE}\n`)
    expect(headers).not.toContain("/guides/*")
  })

  it("removes the NUL bytes React's renderer leaves before a character of several bytes, and nothing else", () => {
    // React 18 flushes its 2 KB buffer whole when an en dash (three bytes) does not fit in its last two.
    fs.writeFileSync(path.join(dir, "estimate/index.html"), page("", `<p>Sat 8 am\u0000\u0000–4 pm</p>${bundles}`))
    finishBuild(dir, { emailjsOrigin: "http://127.0.0.1:8788", adminPolicy: "default-src 'self'" })
    const bytes = fs.readFileSync(path.join(dir, "estimate/index.html"))
    expect(bytes.includes(0)).toBe(false)
    expect(bytes.toString("utf8")).toContain("<p>Sat 8 am–4 pm</p>")
  })

  it("stops on a page that is not UTF-8, naming it", () => {
    fs.writeFileSync(
      path.join(dir, "estimate/index.html"),
      Buffer.concat([Buffer.from(page("", bundles)), Buffer.from([0xe2, 0x80])]),
    )
    expect(() =>
      finishBuild(dir, { emailjsOrigin: "http://127.0.0.1:8788", adminPolicy: "default-src 'self'" }),
    ).toThrow("public/estimate/index.html is not valid UTF-8")
  })

  it("preloads a 404 page's scripts but not its data: shown at a missing address, Gatsby asks for that address's", () => {
    writePage("404.html", page("", bundles))
    finishBuild(dir, { emailjsOrigin: "http://127.0.0.1:8788", adminPolicy: "default-src 'self'" })
    const notFound = fs.readFileSync(path.join(dir, "404.html"), "utf8")
    expect(notFound).toContain(` data-page-scripts="${TEMPLATE_SCRIPTS.join(" ")}">`)
    expect(notFound).not.toContain("data-page-data")
  })

  it("names the form's engine on a page with a form, for a first touch on the form, and on no other page", () => {
    writePage("estimate/index.html", page("", `<form method="post"><input name="name"/></form>${bundles}`))
    finishBuild(dir, { emailjsOrigin: "http://127.0.0.1:8788", adminPolicy: "default-src 'self'" })
    expect(fs.readFileSync(path.join(dir, "estimate/index.html"), "utf8")).toContain(
      ` data-form-scripts="${ENGINE_SCRIPTS.join(" ")}">`,
    )
    expect(fs.readFileSync(path.join(dir, "index.html"), "utf8")).not.toContain("data-form-scripts")
  })

  it("stops on a page with a form when the build lists no chunks for the form's engine", () => {
    writePage("estimate/index.html", page("", `<form method="post"></form>${bundles}`))
    const stats = JSON.parse(fs.readFileSync(path.join(dir, "webpack.stats.json"), "utf8"))
    delete stats.namedChunkGroups[ENGINE_CHUNK]
    fs.writeFileSync(path.join(dir, "webpack.stats.json"), JSON.stringify(stats))
    expect(() => finishBuild(dir, { emailjsOrigin: "", adminPolicy: "" })).toThrow(
      `public/estimate/index.html has a form, but webpack.stats.json has no chunk group "${ENGINE_CHUNK}"`,
    )
  })

  it("stops without Gatsby's list of chunks, or on a page whose template it does not list, naming the file", () => {
    fs.writeFileSync(path.join(dir, "page-data/estimate/page-data.json"), '{"componentChunkName":"component---gone"}')
    expect(() => finishBuild(dir, { emailjsOrigin: "", adminPolicy: "" })).toThrow(
      'public/estimate/index.html: webpack.stats.json has no chunk group "component---gone"',
    )
    fs.rmSync(path.join(dir, "webpack.stats.json"))
    expect(() => finishBuild(dir, { emailjsOrigin: "", adminPolicy: "" })).toThrow(
      /webpack\.stats\.json \(Gatsby's chunks\) could not be read/,
    )
  })

  it("refuses a page that already carries a policy", () => {
    const settings = { emailjsOrigin: "http://127.0.0.1:8788", adminPolicy: "default-src 'self'" }
    finishBuild(dir, settings)
    fs.writeFileSync(path.join(dir, "_headers"), "/*\n  Content-Security-Policy: {{EVERY_PATH_POLICY}}\n")
    expect(() => finishBuild(dir, settings)).toThrow(/already rewrote/)
  })
})
