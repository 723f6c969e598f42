/*
 * The headers as the Worker's runtime (scripts/serve.mjs, behind `npm start` and these tests) sends them
 * from public/_headers, and
 * the site working under its Content-Security-Policy: pages reached by links, through Gatsby's router, get the
 * styles their own HTML would have carried, without a violation (setUpBrowser fails a test on any). Every
 * page loading and hydrating without one, at phone and desktop widths, is held by accessibility.test.ts,
 * which opens them all.
 */
import { paths } from "../../src/lib/paths"
import fs from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import { IMMUTABLE, PAGE_CACHE, REVALIDATE } from "../../src/build-time/deploy/headers"
import { EVERY_PATH_POLICY } from "../../src/build-time/deploy/policy"
import { routes, sampleCityRoute, sampleServiceRoute, siteRoot } from "../support/site"
import { setUpBrowser } from "./support"

const { url, newPage, open } = setUpBrowser({ runtime: "host" })

async function headersOf(pathname: string) {
  const response = await fetch(url(pathname), { headers: { "Accept-Encoding": "br" } })
  return { status: response.status, headers: response.headers }
}

function expectSecurityHeaders(headers: Headers) {
  // The header says what a page's <meta> policy cannot; the page carries the rest (site/headers.test.ts).
  expect(headers.get("content-security-policy")).toBe(EVERY_PATH_POLICY)
  expect(headers.get("x-content-type-options")).toBe("nosniff")
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
  expect(headers.get("permissions-policy")).toContain("camera=()")
  expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d+; includeSubDomains$/)
}

describe("the served headers", () => {
  test.each([...routes])("%s: the security headers and no caching of the page", async route => {
    const { status, headers } = await headersOf(route)
    expect(status).toBe(200)
    expectSecurityHeaders(headers)
    expect(headers.get("cache-control")).toBe(PAGE_CACHE)
    expect(headers.get("content-encoding")).toBe("br")
  })

  test("an unknown path: status 404, the same headers, and the page's own policy in its body", async () => {
    const { status, headers } = await headersOf("/no-such-page")
    expect(status).toBe(404)
    expectSecurityHeaders(headers)
    const policyOf = async (pathname: string) =>
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(
        await (await fetch(url(pathname))).text(),
      )?.[1]
    expect(await policyOf("/no-such-page")).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/)
    expect(await policyOf("/no-such-page")).toBe(await policyOf("/404.html"))
  })

  test("/admin/: the content manager's own policy beside the one every path gets, and no indexing", async () => {
    const { status, headers } = await headersOf("/admin/")
    expect(status).toBe(200)
    expect(headers.get("content-security-policy")).toMatch(
      new RegExp(`^${EVERY_PATH_POLICY}, default-src 'self'; script-src 'self' 'unsafe-eval'`),
    )
    expect(headers.get("x-robots-tag")).toBe("noindex, nofollow")
  })

  test("webpack's bundles are immutable, page data is revalidated", async () => {
    const app = fs.readdirSync(siteRoot).find(file => /^app-[0-9a-f]{20}\.js$/.test(file))
    expect(app).toBeDefined()
    expect((await headersOf(`/${app}`)).headers.get("cache-control")).toBe(IMMUTABLE)
    expect((await headersOf("/page-data/estimate/page-data.json")).headers.get("cache-control")).toBe(REVALIDATE)
    expect(fs.existsSync(path.join(siteRoot, "page-data/estimate/page-data.json"))).toBe(true)
  })
})

/** The Emotion classes the page's elements use that no rule of its style sheets names. */
const unstyledClasses = (page: Page) =>
  page.evaluate(() => {
    // Rules inside @media and @supports blocks count too.
    const rulesOf = (rules: CSSRuleList): CSSRule[] =>
      Array.from(rules).flatMap(rule => [rule, ...("cssRules" in rule ? rulesOf(rule.cssRules as CSSRuleList) : [])])
    const selectors = Array.from(document.styleSheets)
      .flatMap(sheet => rulesOf(sheet.cssRules))
      .map(rule => (rule as CSSStyleRule).selectorText ?? "")
      .join(" ")
    const used = new Set(
      Array.from(document.body.querySelectorAll("[class]")).flatMap(node =>
        // css-0 is the class of an empty style, which has no rule.
        Array.from(node.classList).filter(name => name.startsWith("css-") && name !== "css-0"),
      ),
    )
    return [...used].filter(name => !selectors.includes(`.${name}`))
  })

/** Follows the first visible link to a path, which Gatsby's router handles without loading a new document. */
async function navigate(page: Page, pathname: string) {
  await page.locator(`a[href="${pathname}"]:visible`).first().click()
  await page.waitForURL(url(pathname))
  await page.locator("h1").waitFor()
}

describe("under the Content-Security-Policy", () => {
  test("a page reached by a link in the browser has a rule for every class it uses, under the policy", async () => {
    const page = await newPage()
    await open(page, sampleCityRoute)
    expect(await unstyledClasses(page)).toEqual([])
    // A marker on window survives only if every move stays in the same document, through Gatsby's router.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    for (const pathname of ["/", sampleServiceRoute, paths.locations, sampleCityRoute, paths.estimate]) {
      await navigate(page, pathname)
      expect([pathname, await unstyledClasses(page)]).toEqual([pathname, []])
    }
    expect(await page.evaluate(() => [window.location.pathname, "sameDocument" in window])).toEqual([
      paths.estimate,
      true,
    ])
  }, 30_000)
})
