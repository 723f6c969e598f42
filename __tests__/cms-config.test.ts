/*
 * The content manager's field rules held against the build's schemas (content/types/): every field the
 * build checks is in the editor, required exactly when the build requires it, with the same pattern, limits
 * and kind of number, so the editor refuses what the build would refuse. Relations name entries that exist.
 */
import type { AnySchema, SchemaDescription } from "yup"
import { adminPage, configFile } from "../src/build-time/cms/admin"
import { cmsConfig, repositoryOf, REPO_PLACEHOLDER, signInOriginOf } from "../src/build-time/cms/config"
import type { CmsField } from "../src/build-time/cms/fields"
import { PREVIEWS } from "../src/admin/preview/register"
import { watchPublishes } from "../src/admin/live-banner"
import { buildLogOf, liveBannerSettings } from "../src/build-time/cms/live-banner"
import { PATTERNS } from "../src/lib/content/patterns"
import { LIST_TYPES, SITE_FILE } from "../src/lib/content/schemas"
import { cities as cityType } from "../src/lib/content/types/cities"

const config = cmsConfig({}, "https://www.example.com")
const [site, cities] = config.collections
const fileOf = (name: string) => site.files!.find(file => file.name === name)!

type Description = SchemaDescription & {
  fields?: Record<string, Description>
  innerType?: Description
  optional?: boolean
}

/** Walks a schema and its CMS fields side by side, checking each pair. */
function expectMatching(schema: AnySchema, fields: CmsField[], inOptional = false, at = "") {
  const description = schema.describe() as Description
  const names = Object.keys(description.fields ?? {})
  expect(fields.map(field => field.name)).toEqual(names)
  for (const field of fields) {
    const rule = description.fields![field.name]
    const meta = (rule.meta ?? {}) as Record<string, unknown>
    const where = `${at}${field.name}`
    expect([where, field.required]).toEqual([where, !rule.optional && !inOptional])
    if (field.widget === "relation") continue
    if (rule.type === "string" && meta.pattern && field.widget !== "select")
      expect([where, field.pattern?.[0]]).toEqual([where, meta.pattern])
    if (rule.type === "number") {
      expect([where, field.value_type, field.min, field.max]).toEqual([
        where,
        meta.integer ? "int" : "float",
        meta.min,
        meta.max,
      ])
    }
    if (rule.type === "array") expect([where, field.min, field.max]).toEqual([where, meta.min, meta.max])
    if (rule.type === "object")
      expectMatching(schemaAt(schema, field.name), field.fields!, inOptional || !field.required, `${where}.`)
    const item = rule.innerType
    if (item?.type === "object")
      expectMatching(itemSchema(schema, field.name), field.fields!, inOptional, `${where}[].`)
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const schemaAt = (schema: AnySchema, name: string): AnySchema => (schema as any).fields[name]
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const itemSchema = (schema: AnySchema, name: string): AnySchema => (schema as any).fields[name].innerType

describe("the content manager's fields", () => {
  test("the business's facts follow its schema", () => {
    expectMatching(SITE_FILE.schema, fileOf("business").fields)
  })

  test.each(LIST_TYPES.map(listed => [listed.file, listed] as const))(
    "%s follows its entry schema, as a list of at least one",
    (file, { key, schema }) => {
      const [list] = fileOf(file.replace(/\.json$/, "")).fields
      expect(list).toMatchObject({ name: key, widget: "list", required: true, min: 1 })
      expectMatching(schema, list.fields!)
    },
  )

  test("a city's file follows its schema; adding one is a new file named by its slug", () => {
    expectMatching(cityType.schema, cities.fields!)
    expect(cities).toMatchObject({ folder: "data/cities", create: true, format: "json", slug: "{{fields.slug}}" })
  })

  test("a city's county and neighbours, and a county's main city, are chosen from the existing entries", () => {
    const field = (name: string) => cities.fields!.find(candidate => candidate.name === name)!
    expect(field("county")).toMatchObject({ widget: "relation", collection: "site", file: "counties" })
    expect(field("county").value_field).toBe("counties.*.slug")
    expect(field("nearby")).toMatchObject({
      widget: "relation",
      collection: "cities",
      value_field: "slug",
      multiple: true,
      min: 1,
    })
    const [counties] = fileOf("counties").fields
    expect(counties.fields!.find(candidate => candidate.name === "hubCity")).toMatchObject({
      widget: "relation",
      collection: "cities",
    })
  })

  test("a pattern refuses in the editor exactly what it refuses in the build", () => {
    const phone = fileOf("business").fields.find(field => field.name === "phone")!
    const [source, message] = phone.pattern!
    for (const value of ["(801) 555-0142", "801-555-0142", "(801)555-0142", "8015550142"])
      expect([value, new RegExp(source).test(value)]).toEqual([value, PATTERNS.phone.pattern.test(value)])
    expect(message).toBe(`expected ${PATTERNS.phone.hint}`)
  })

  test("the preview pane draws a page for exactly the types whose declaration asks for one", () => {
    const previewed = [...site.files!, ...config.collections.slice(1)].filter(each => each.editor?.preview)
    expect(Object.keys(PREVIEWS).sort()).toEqual(previewed.map(each => each.name).sort())
  })

  test("weekdays are chosen, not typed", () => {
    const [hours] = fileOf("business").fields.filter(field => field.name === "hours")
    expect(hours.fields!.find(field => field.name === "days")?.field).toMatchObject({
      widget: "select",
      options: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    })
  })
})

describe("the configuration", () => {
  test("uses the local backend on the owner's machine and GitHub online", () => {
    expect(config.local_backend).toEqual({ url: "http://localhost:8081/api/v1" })
    expect(config.backend).toEqual({
      name: "github",
      repo: REPO_PLACEHOLDER,
      branch: "main",
      base_url: "https://www.example.com",
    })
    expect(repositoryOf({ CMS_REPO: "owner/site" })).toBe("owner/site")
    expect(repositoryOf({ REPOSITORY_URL: "https://github.com/owner/site" })).toBe("owner/site")
    expect(repositoryOf({ REPOSITORY_URL: "git@github.com:owner/site.git" })).toBe("owner/site")
  })

  test("signs in through the site's own /auth, Netlify's OAuth provider on Netlify, or CMS_AUTH_URL", () => {
    // Decap accepts the pop-up's messages only from exactly base_url: an origin, no path or trailing slash.
    expect(signInOriginOf({}, "https://www.concrete.example/")).toBe("https://www.concrete.example")
    expect(signInOriginOf({ CF_PAGES: "1" }, "https://www.concrete.example")).toBe("https://www.concrete.example")
    expect(cmsConfig({ NETLIFY: "true" }, "https://www.concrete.example").backend).not.toHaveProperty("base_url")
    expect(cmsConfig({ CMS_AUTH_URL: "https://auth.example.com/" }, "https://x.example").backend).toMatchObject({
      base_url: "https://auth.example.com",
    })
  })

  test("the live banner asks GitHub about the branch the CMS commits to, and names where each host's build log is", () => {
    expect(liveBannerSettings({ CMS_REPO: "owner/site", CMS_BRANCH: "content" }).branchUrl).toBe(
      "https://api.github.com/repos/owner/site/branches/content",
    )
    expect(buildLogOf({ NETLIFY: "true", SITE_NAME: "wasatch-concrete" }).url).toBe(
      "https://app.netlify.com/sites/wasatch-concrete/deploys",
    )
    expect(buildLogOf({ CF_PAGES: "1" }).where).toBe("Cloudflare: Workers & Pages › your project › Deployments")
    expect(buildLogOf({ WORKERS_CI: "1" }).where).toBe("Cloudflare: Workers & Pages › your project › Deployments")
    expect(buildLogOf({ CF_PAGES: "1", CMS_BUILD_LOG_URL: "https://ci.example/log" }).url).toBe(
      "https://ci.example/log",
    )
    // The site's script (which holds the banner) before Decap's bundle, so that it can hold Decap's start until
    // the previews are registered, and register the banner with the CMS global once it is (src/admin/index.ts).
    expect(adminPage("Wasatch Concrete Co.")).toMatch(
      /<script src="\/admin\/admin\.js"><\/script>\n<script src="\/admin\/decap-cms-[\d.]+\/decap-cms\.js"><\/script>\n<\/body>/,
    )
  })

  test("under `npm run cms` the banner says the save is on this computer, to be pushed, and asks no one", () => {
    let onPublish: (() => undefined) | undefined
    const fetchSpy = jest.fn()
    const page = Object.assign(Object.create(window), {
      document,
      fetch: fetchSpy,
      CMS: { registerEventListener: ({ handler }: { handler: () => undefined }) => (onPublish = handler) },
    })
    watchPublishes(page, liveBannerSettings({}, true))
    onPublish!()
    expect(document.querySelector("[data-live-banner]")?.textContent).toBe(
      "Saved in data/ on this computer. Commit and push the change to publish it.",
    )
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  test("is JSON, which Decap reads as YAML, and the page is kept out of search engines", () => {
    expect(JSON.parse(configFile({}, "https://www.example.com"))).toEqual(config)
    expect(adminPage("Wasatch Concrete Co.")).toContain('<meta name="robots" content="noindex, nofollow"/>')
    expect(adminPage("Wasatch Concrete Co.")).toContain('rel="cms-config-url"')
  })
})
