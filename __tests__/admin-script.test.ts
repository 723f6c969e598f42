/**
 * @jest-environment node
 */
/*
 * The content manager's own script (/admin/admin.js), bundled as the build bundles it: the site's components
 * with the site's React, each static query named by the hash Gatsby gives it, nothing of Gatsby's runtime or of
 * react-helmet, and small beside Decap's own bundle.
 */
import fs from "fs"
import path from "path"
import { buildAdminScript, queryHash } from "../src/build-time/cms/admin-script"
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
    script = await buildAdminScript(repoRoot)
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
