/**
 * @jest-environment node
 */
/*
 * The content manager's own script (/admin/admin.js), bundled as the build bundles it: the site's components
 * with the site's React, each static query named by the hash Gatsby gives it, nothing of Gatsby's runtime or of
 * react-helmet, small beside Decap's own bundle, and the live banner with this build's settings. And the Leads view's script (/admin/leads/leads.js), which
 * alone carries the build's EmailJS settings, for the owner's test send.
 */
import fs from "fs"
import path from "path"
import { buildAdminScript, buildLeadsScript, queryHash } from "../src/build-time/cms/admin-script"
// Not from support/site.ts, which reads the tests' built sample content: this file runs before any build.
const repoRoot = path.resolve(__dirname, "..")

jest.setTimeout(60_000)

const staticQueries = ["use-business.ts", "use-navigation.ts", "use-reviews.ts"].map(file => {
  const source = fs.readFileSync(path.join(repoRoot, "src/hooks", file), "utf8")
  const [, text] = /graphql`([^`]*)`/.exec(source) ?? []
  return text
})

describe("the content manager's script", () => {
  let script = ""
  beforeAll(async () => {
    script = await buildAdminScript(repoRoot, { CMS_REPO: "owner/site", CMS_BRANCH: "content" })
  })

  test("holds the live banner, with the build's settings: the branch the content manager commits to", () => {
    expect(script).toContain("data-live-banner")
    expect(script).toContain('"https://api.github.com/repos/owner/site/branches/content"')
  })

  test("asks for each static query's result by the hash Gatsby names its file with", () => {
    for (const text of staticQueries) expect(script).toContain(`"${queryHash(text)}"`)
    // Business: Gatsby hashes the query stripped of ignored characters, with murmurhash's seed 0.
    expect(queryHash("query Business { businessJson { name } }")).toBe(queryHash("query Business{businessJson{name}}"))
  })

  test("carries no query text, no Gatsby runtime, no react-helmet, and stays small", () => {
    expect(script).not.toMatch(/query (?:Business|Navigation|CityPage)\b/)
    expect(script).not.toContain("___loader")
    expect(script).not.toContain("HelmetSideEffects")
    expect(Buffer.byteLength(script)).toBeLessThan(450_000)
  })
})

describe("the Leads view's script", () => {
  const env = {
    GATSBY_EMAILJS_PUBLIC_KEY: "test-public-key",
    GATSBY_EMAILJS_SERVICE_ID: "test-service",
    GATSBY_EMAILJS_TEMPLATE_ID: "test-template",
    GATSBY_EMAILJS_ORIGIN: "http://127.0.0.1:9999",
    GATSBY_GTAG_ID: "G-TEST",
  }

  test("carries the build's EmailJS settings for the test send, and no other setting; the content manager's none", async () => {
    const [leads, admin] = await Promise.all([buildLeadsScript(repoRoot, env), buildAdminScript(repoRoot, env)])
    for (const value of Object.values(env).slice(0, 4)) {
      expect(leads).toContain(value)
      expect(admin).not.toContain(value)
    }
    expect(leads).not.toContain("G-TEST")
    // DOM only: no React, no form library.
    expect(Buffer.byteLength(leads)).toBeLessThan(40_000)
  })
})
