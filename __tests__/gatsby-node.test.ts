import fs from "fs"
import os from "os"
import path from "path"
import * as gatsbyNode from "../gatsby-node"
import business from "../data/business.json"
import { findPlaceholders } from "../src/build-time/launch-check"
import { contentNodes } from "../src/build-time/content/nodes"
import { paths } from "../src/lib/paths"
import { readRealContent } from "./fixtures/content-dir"
import { cities, servicePages } from "./fixtures/content"
import { CHUNK_MAPPING, writeGatsbyPage } from "./support/gatsby-output"

// The content manager's own script is bundled by esbuild, which does not run in this browser-like environment;
// admin-script.test.ts bundles it for real.
jest.mock("../src/build-time/cms/admin-script", () => ({
  ADMIN_SCRIPT: "admin.js",
  buildAdminScript: async () => "/* the content manager's script */",
  buildLeadsScript: async () => "/* the Leads view's script */",
  bundleAdminScript: async () => "/* a script of /admin/ */",
}))

// The Node APIs are typed for Gatsby's full argument objects; the tests pass only what each API uses.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyApi = (args: any, options?: any, callback?: any) => unknown
const call = (api: unknown, args: object) => (api as AnyApi)(args, {}, () => undefined)

const reporterMock = () => ({
  panic: jest.fn(),
  panicOnBuild: jest.fn(),
  warn: jest.fn(),
  info: jest.fn(),
  error: jest.fn(),
})

const noProof = { allProjectsJson: { nodes: [] }, allReviewsJson: { totalCount: 0 } }

const slugsResult = {
  data: {
    allCitiesJson: { nodes: cities.map(({ slug, county }) => ({ slug, county: { slug: county } })) },
    allServicePagesJson: { nodes: servicePages.map(({ slug }) => ({ slug })) },
    ...noProof,
  },
}

interface CreatedPage {
  path: string
  component: string
  context: Record<string, unknown>
}

describe("createPages", () => {
  const runCreatePages = async (result: unknown) => {
    const graphql = jest.fn().mockResolvedValue(result)
    const createPage = jest.fn()
    const reporter = reporterMock()
    await call(gatsbyNode.createPages, { graphql, actions: { createPage }, reporter })
    const pages: CreatedPage[] = createPage.mock.calls.map(([page]) => page)
    return { graphql, createPage, reporter, pages }
  }

  it("creates exactly the pages its one query returns the slugs of, passing the slug (and a city's county)", async () => {
    const { graphql, pages } = await runCreatePages({
      data: {
        allCitiesJson: {
          nodes: [
            { slug: "lehi", county: { slug: "utah" } },
            { slug: "farmington", county: { slug: "davis" } },
          ],
        },
        allServicePagesJson: { nodes: [{ slug: "driveways" }] },
        ...noProof,
      },
    })
    expect(graphql).toHaveBeenCalledTimes(1)
    expect(pages.map(({ path, context }) => ({ path, context }))).toEqual([
      { path: paths.city("lehi"), context: { slug: "lehi", county: "utah" } },
      { path: paths.city("farmington"), context: { slug: "farmington", county: "davis" } },
      { path: paths.service("driveways"), context: { slug: "driveways" } },
    ])
  })

  it("makes no page of projects or reviews while there are none, and says why the project templates go unused", async () => {
    const { pages, reporter } = await runCreatePages(slugsResult)
    expect(pages.filter(page => /^\/(projects|reviews)/.test(page.path))).toEqual([])
    expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/^No projects in data\/projects yet/))
  })

  it("makes a page per project, the list, a filter per service and county that has one, and the reviews page", async () => {
    const project = (slug: string, service: string, county: string) => ({
      slug,
      service: { slug: service },
      city: { county: { slug: county } },
    })
    const { pages, reporter } = await runCreatePages({
      data: {
        allCitiesJson: { nodes: [] },
        allServicePagesJson: { nodes: [] },
        allProjectsJson: {
          nodes: [project("patio", "patios", "utah"), project("drive", "driveways", "utah")],
        },
        allReviewsJson: { totalCount: 2 },
      },
    })
    expect(reporter.info).not.toHaveBeenCalled()
    expect(pages.map(({ path, context }) => ({ path, context }))).toEqual([
      { path: paths.project("patio"), context: { slug: "patio" } },
      { path: paths.project("drive"), context: { slug: "drive" } },
      { path: paths.projects, context: {} },
      { path: paths.projectsOfService("patios"), context: { service: "patios" } },
      { path: paths.projectsOfService("driveways"), context: { service: "driveways" } },
      { path: paths.projectsInCounty("utah"), context: { county: "utah" } },
      { path: paths.reviews, context: {} },
    ])
  })

  it("makes a page for each city and each service page in data/", async () => {
    const { pages, reporter } = await runCreatePages(slugsResult)
    expect(pages).toHaveLength(cities.length + servicePages.length)
    expect(new Set(pages.map(page => page.path)).size).toBe(cities.length + servicePages.length)
    expect(reporter.panicOnBuild).not.toHaveBeenCalled()
  })

  it("puts every city at /locations/<slug> with the city template", async () => {
    const { pages } = await runCreatePages(slugsResult)
    const cityPages = pages.filter(page => page.path.startsWith(paths.locations))
    expect(cityPages.map(page => page.path).sort()).toEqual(cities.map(city => paths.city(city.slug)).sort())
    for (const page of cityPages) {
      expect(page.component.endsWith(path.join("src", "templates", "city-page.tsx"))).toBe(true)
      expect(path.isAbsolute(page.component)).toBe(true)
      expect(fs.existsSync(page.component)).toBe(true)
    }
    const [first] = cities
    expect(pages).toContainEqual(
      expect.objectContaining({
        path: paths.city(first.slug),
        context: { slug: first.slug, county: first.county },
      }),
    )
  })

  it("puts every service page at /<slug> with the service template", async () => {
    const { pages } = await runCreatePages(slugsResult)
    const servicePaths = pages.filter(page => !page.path.startsWith(paths.locations))
    expect(servicePaths.map(page => page.path).sort()).toEqual(
      servicePages.map(page => paths.service(page.slug)).sort(),
    )
    for (const page of servicePaths) {
      expect(page.component.endsWith(path.join("src", "templates", "service-page.tsx"))).toBe(true)
      expect(fs.existsSync(page.component)).toBe(true)
    }
  })

  it("passes the slug in page context, and a city's county for its projects", async () => {
    const { pages } = await runCreatePages(slugsResult)
    for (const page of pages) {
      const isCity = page.path.startsWith(paths.locations)
      expect(Object.keys(page.context)).toEqual(isCity ? ["slug", "county"] : ["slug"])
      const slug = String(page.context.slug)
      expect(page.path).toBe(isCity ? paths.city(slug) : paths.service(slug))
    }
  })

  it("panics on a query error and makes no pages", async () => {
    const errors = [{ message: 'Cannot query field "allCitiesJson"' }]
    const { createPage, reporter } = await runCreatePages({ errors })
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.any(String), errors)
    expect(createPage).not.toHaveBeenCalled()
  })

  it("panics when the query returns no data", async () => {
    const { createPage, reporter } = await runCreatePages({ data: undefined })
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1)
    expect(createPage).not.toHaveBeenCalled()
  })
})

describe("createSchemaCustomization", () => {
  const createTypes = jest.fn()
  call(gatsbyNode.createSchemaCustomization, { actions: { createTypes } })
  const sdl = String(createTypes.mock.calls[0]?.[0] ?? "")

  it("calls createTypes once with the SDL of every type", () => {
    expect(createTypes).toHaveBeenCalledTimes(1)
    expect(typeof createTypes.mock.calls[0][0]).toBe("string")
  })

  /** The field names declared inside `type <name> … { … }`. */
  const fieldsOf = (typeName: string): Map<string, string> => {
    const block = new RegExp(`type ${typeName}\\b[^{]*{([^}]*)}`).exec(sdl)
    if (!block) throw new Error(`type ${typeName} is not declared`)
    return new Map(
      block[1]
        .split("\n")
        .map(text => /^\s*(\w+)\s*:\s*(.+?)\s*$/.exec(text))
        .filter((match): match is RegExpExecArray => match !== null)
        .map(match => [match[1], match[2]]),
    )
  }

  const nodeTypes = [
    "BusinessJson",
    "CountiesJson",
    "CitiesJson",
    "ServicesJson",
    "ServicePagesJson",
    "FaqJson",
    "ProcessJson",
    "ReasonsJson",
  ]

  it.each(nodeTypes)("declares %s as a node type with @dontInfer", typeName => {
    expect(sdl).toMatch(new RegExp(`type ${typeName} implements Node @dontInfer\\s*{`))
  })

  // onCreateNode makes these nodes from the files: an entry of a list file, a city's file, the business.
  const nodes = Object.entries(readRealContent()).flatMap(([file, content]) => contentNodes(file, content))

  it("makes nodes of every declared node type from the files in data/, and of no other", () => {
    expect([...new Set(nodes.map(node => node.type))].sort()).toEqual([...nodeTypes].sort())
  })

  // The business's facts that it may leave out of data/business.json: nullable, so pages show nothing for them.
  const OPTIONAL_BUSINESS_FACTS = [
    "rating",
    "licenseNumber",
    "insurance",
    "inBusinessSince",
    "privacyPolicyEffective",
    "accessibilityStatementDate",
  ]
  const isOptional = (typeName: string, key: string) =>
    typeName === "BusinessJson" && OPTIONAL_BUSINESS_FACTS.includes(key)

  it.each(nodeTypes)("declares every key the %s nodes hold, required with ! unless optional", typeName => {
    const fields = fieldsOf(typeName)
    const keys = new Set(nodes.filter(node => node.type === typeName).flatMap(node => Object.keys(node.fields)))
    expect(keys.size).toBeGreaterThan(0)
    for (const key of keys) {
      expect([key, fields.has(key)]).toEqual([key, true])
      if (!isOptional(typeName, key)) expect(fields.get(key)).toMatch(/!(\s*@link.*)?$/)
    }
  })

  it("declares the business's optional facts without !", () => {
    const business = fieldsOf("BusinessJson")
    expect(OPTIONAL_BUSINESS_FACTS.map(key => business.get(key))).toEqual([
      "BusinessRating",
      "String",
      "String",
      "Int",
      "String",
      "String",
    ])
    expect(fieldsOf("BusinessRating").get("url")).toBe("String")
  })

  it("links cities to their county, and leaves neighbours and a county's cities to the resolvers", () => {
    const city = fieldsOf("CitiesJson")
    expect(city.get("county")).toBe('CountiesJson! @link(by: "slug")')
    // One definition per link: these two are resolved in createResolvers, so the SDL carries no @link.
    expect(city.get("nearby")).toBe("[CitiesJson!]!")
    expect(fieldsOf("CountiesJson").get("cities")).toBe("[CitiesJson!]!")
    expect(sdl).not.toContain("CityContentJson")
  })

  it("declares the business's rating optional: by default there is none", () => {
    expect(fieldsOf("BusinessJson").get("rating")).toBe("BusinessRating")
    expect(fieldsOf("BusinessRating").get("url")).toBe("String")
    expect(business).not.toHaveProperty("rating")
  })

  it("gives each city its coordinates and each county its bounds", () => {
    expect(fieldsOf("CitiesJson").get("geo")).toBe("GeoPoint!")
    expect(fieldsOf("CountiesJson").get("bounds")).toBe("CountyBounds!")
  })

  it("links each service card to its image file", () => {
    expect(fieldsOf("ServicesJson").get("image")).toBe('File! @link(by: "relativePath")')
  })
})

describe("onCreateNode", () => {
  const run = async (relativePath: string, content: unknown, source = "data") => {
    const reporter = reporterMock()
    const createNode = jest.fn()
    const createParentChildLink = jest.fn()
    const node = {
      id: "file-1",
      internal: { type: "File" },
      sourceInstanceName: source,
      extension: "json",
      relativePath,
    }
    await call(gatsbyNode.onCreateNode, {
      node,
      actions: { createNode, createParentChildLink },
      loadNodeContent: async () => (typeof content === "string" ? content : JSON.stringify(content)),
      reporter,
      createNodeId: (key: string) => `id of ${key}`,
      createContentDigest: () => "digest",
    })
    return {
      created: createNode.mock.calls.map(([child]) => child),
      links: createParentChildLink.mock.calls,
      reporter,
    }
  }

  it("makes a city's file one CitiesJson node, with all its fields, a child of the file", async () => {
    const [cityPath, file] = Object.entries(readRealContent()).find(([name]) => name.startsWith("cities/")) ?? []
    if (!cityPath || !file) throw new Error("The content has no city")
    const { created, links } = await run(cityPath, file)
    expect(created.map(child => child.internal.type)).toEqual(["CitiesJson"])
    expect(created[0]).toMatchObject({ ...file, parent: "file-1" })
    expect(links.map(([link]) => link.parent.id)).toEqual(["file-1"])
  })

  it("makes a node per entry of a list file, in the file's order", async () => {
    const file = readRealContent()["faq.json"]
    const { created } = await run("faq.json", file)
    expect(created.map(child => child.question)).toEqual(
      file.questions.map((entry: { question: string }) => entry.question),
    )
    expect(created.every(child => child.internal.type === "FaqJson")).toBe(true)
  })

  it("reports a file that stopped being JSON while `gatsby develop` runs, and makes no node of it", async () => {
    const { created, reporter } = await run("cities/lehi.json", '{ "slug": "lehi", ')
    expect(created).toEqual([])
    expect(reporter.error).toHaveBeenCalledWith(expect.stringContaining("data/cities/lehi.json is not valid JSON"))
  })

  it("leaves files of other sources alone", async () => {
    expect((await run("faq.json", { questions: [] }, "images")).created).toEqual([])
  })
})

describe("createResolvers", () => {
  it("lists a county's cities in the order of their names, whatever order their files were read in", async () => {
    const createResolvers = jest.fn()
    call(gatsbyNode.createResolvers, { createResolvers })
    const { resolve } = createResolvers.mock.calls[0][0].CountiesJson.cities
    const findAll = jest
      .fn()
      .mockResolvedValue({ entries: [{ name: "Sandy" }, { name: "Draper" }, { name: "Midvale" }] })
    const result = await resolve({ slug: "salt-lake" }, {}, { nodeModel: { findAll } })
    expect(result.map((city: { name: string }) => city.name)).toEqual(["Draper", "Midvale", "Sandy"])
    expect(findAll).toHaveBeenCalledWith({
      type: "CitiesJson",
      query: { filter: { county: { slug: { eq: "salt-lake" } } } },
    })
  })

  it("links a city's neighbours both ways: its own list first, then the cities that list it", async () => {
    const createResolvers = jest.fn()
    call(gatsbyNode.createResolvers, { createResolvers })
    const { resolve } = createResolvers.mock.calls[0][0].CitiesJson.nearby
    const alpha = { slug: "alpha", name: "Alpha", nearby: ["beta"] }
    const beta = { slug: "beta", name: "Beta", nearby: [] }
    const gamma = { slug: "gamma", name: "Gamma", nearby: ["beta"] }
    const findAll = jest.fn().mockResolvedValue({ entries: [gamma, beta, alpha] })
    const slugs = async (city: typeof alpha) =>
      (await resolve(city, {}, { nodeModel: { findAll } })).map((other: typeof alpha) => other.slug)
    expect(await slugs(alpha)).toEqual(["beta"])
    expect(await slugs(beta)).toEqual(["alpha", "gamma"])
    expect(await slugs(gamma)).toEqual(["beta"])
  })
})

describe("onPreBootstrap", () => {
  const savedEnv = { ...process.env }
  afterEach(() => {
    process.env = { ...savedEnv }
  })

  it("accepts the real data/ without panicking", () => {
    const reporter = reporterMock()
    call(gatsbyNode.onPreBootstrap, { reporter })
    expect(reporter.panic).not.toHaveBeenCalled()
  })

  it("stops `gatsby build` while a setting is a placeholder, naming each", () => {
    process.env.gatsby_executing_command = "build"
    delete process.env.SITE_PREVIEW
    // Without the EmailJS account the form cannot send, whatever data/business.json holds.
    for (const variable of ["GATSBY_EMAILJS_PUBLIC_KEY", "GATSBY_EMAILJS_SERVICE_ID", "GATSBY_EMAILJS_TEMPLATE_ID"])
      delete process.env[variable]
    const reporter = reporterMock()
    call(gatsbyNode.onPreBootstrap, { reporter })
    expect(reporter.panic).toHaveBeenCalledTimes(1)
    const message: string = reporter.panic.mock.calls[0][0]
    expect(message).toMatch(/still a placeholder/)
    const expected = findPlaceholders(business, process.env).map(placeholder => placeholder.setting)
    expect(expected).toContain("GATSBY_EMAILJS_PUBLIC_KEY")
    for (const setting of expected) expect(message).toContain(`  - ${setting}: `)
  })

  it("lets a preview build (SITE_PREVIEW=1) keep the placeholders", () => {
    process.env.gatsby_executing_command = "build"
    process.env.SITE_PREVIEW = "1"
    const reporter = reporterMock()
    call(gatsbyNode.onPreBootstrap, { reporter })
    expect(reporter.panic).not.toHaveBeenCalled()
  })
})

describe("onPostBuild", () => {
  let tmpDir: string
  beforeEach(() => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "post-build-"))
    fs.mkdirSync(path.join(tmpDir, "public"))
    // Gatsby copies static/ into public/ before the build ends.
    fs.copyFileSync(path.join(__dirname, "../static/_headers"), path.join(tmpDir, "public", "_headers"))
    // The Leads app's icons are drawn from the project's favicon (src/build-time/cms/leads-app.ts).
    fs.mkdirSync(path.join(tmpDir, "static"))
    fs.copyFileSync(path.join(__dirname, "../static/favicon.svg"), path.join(tmpDir, "static", "favicon.svg"))
    writeGatsbyPage(
      path.join(tmpDir, "public"),
      "index.html",
      '<html><head></head><body><script>window.a=1</script><style data-emotion="css x">.x{}</style>' +
        `${CHUNK_MAPPING}<script src="/app-0123456789abcdef0123.js" async=""></script></body></html>`,
    )
  })
  afterEach(() => fs.rmSync(tmpDir, { recursive: true, force: true }))

  const store = (siteUrl: string) => ({
    getState: () => ({ program: { directory: tmpDir }, config: { siteMetadata: { siteUrl } } }),
  })

  it("writes a robots.txt that points to the sitemap index", async () => {
    await call(gatsbyNode.onPostBuild, { store: store(business.siteUrl), reporter: reporterMock() })
    const robots = fs.readFileSync(path.join(tmpDir, "public", "robots.txt"), "utf8")
    expect(robots).toContain("User-agent: *")
    expect(robots).toContain(`Sitemap: ${business.siteUrl}/sitemap-index.xml`)
    expect(robots).toMatch(/^Disallow: \/404$/m)
    expect(robots).toMatch(/^Disallow: \/admin\/$/m)
  })

  it("uses the site address from the config", async () => {
    await call(gatsbyNode.onPostBuild, { store: store("https://concrete.test"), reporter: reporterMock() })
    const robots = fs.readFileSync(path.join(tmpDir, "public", "robots.txt"), "utf8")
    expect(robots).toMatch(/^Sitemap: https:\/\/concrete\.test\/sitemap-index\.xml$/m)
  })

  it("gives the pages their policy, completes _headers, writes /admin/ and reports the policy's size", async () => {
    const reporter = reporterMock()
    await call(gatsbyNode.onPostBuild, { store: store(business.siteUrl), reporter })
    const headers = fs.readFileSync(path.join(tmpDir, "public", "_headers"), "utf8")
    expect(headers).not.toMatch(/^[^#]*\{\{/m)
    expect(headers).toContain("/\n  Cache-Control: public, max-age=0, must-revalidate")
    expect(headers).toMatch(
      /^\/admin\/\*\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'/m,
    )
    const home = fs.readFileSync(path.join(tmpDir, "public", "index.html"), "utf8")
    expect(home).toContain('<style data-emotion-gathered="css x">.x{}</style></head>')
    expect(home).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/,
    )
    expect(fs.existsSync(path.join(tmpDir, "public", "admin", "index.html"))).toBe(true)
    expect(fs.existsSync(path.join(tmpDir, "public", "admin", "admin.js"))).toBe(true)
    expect(fs.existsSync(path.join(tmpDir, "public", "admin", "leads", "sw.js"))).toBe(true)
    expect(fs.readFileSync(path.join(tmpDir, "public", "admin", "config.yml"), "utf8")).toContain('"local_backend"')
    expect(reporter.info).toHaveBeenCalledWith(expect.stringContaining("2 script and 2 style hashes"))
  })
})
