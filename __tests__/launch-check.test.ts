import fs from "fs"
import path from "path"
import packageJson from "../package.json"
import {
  findPlaceholders,
  formatPlaceholders,
  isPreview,
  launchCheck,
  launchCheckApplies,
  launchWarnings,
} from "../src/build-time/launch-check"

const emailjs = {
  GATSBY_EMAILJS_PUBLIC_KEY: "pk_live",
  GATSBY_EMAILJS_SERVICE_ID: "service_live",
  GATSBY_EMAILJS_TEMPLATE_ID: "template_live",
}
const real = {
  phone: "(801) 262-4410",
  email: "office@wasatch-concrete.co",
  siteUrl: "https://www.wasatch-concrete.co",
  privacyPolicyEffective: "2026-12-01",
  accessibilityStatementDate: "2026-12-01",
}
// The placeholders the repository ships with, as a fixture: the owner replaces them in data/business.json.
const business = {
  phone: "(801) 555-0142",
  email: "estimates@example.com",
  siteUrl: "https://www.example.com",
}
const deployBuild = { gatsby_executing_command: "build", ...emailjs }

describe("findPlaceholders", () => {
  it("lists every placeholder, and how to set each", () => {
    const found = findPlaceholders(business, {})
    expect(found.map(placeholder => placeholder.setting)).toEqual([
      'data/business.json › "phone"',
      'data/business.json › "email"',
      'data/business.json › "siteUrl"',
      'data/business.json › "privacyPolicyEffective"',
      'data/business.json › "accessibilityStatementDate"',
      "GATSBY_EMAILJS_PUBLIC_KEY",
      "GATSBY_EMAILJS_SERVICE_ID",
      "GATSBY_EMAILJS_TEMPLATE_ID",
    ])
    expect(found[0]).toMatchObject({ problem: "(801) 555-0142 is a fictional 555-01xx number" })
    for (const placeholder of found) expect(placeholder.fix).not.toBe("")
  })

  it("finds nothing once the business's own facts and EmailJS account are set", () => {
    expect(findPlaceholders(real, emailjs)).toEqual([])
  })

  it("accepts a real 555 number outside the 555-01xx range kept for fiction", () => {
    expect(findPlaceholders({ ...real, phone: "(801) 555-2368" }, emailjs)).toEqual([])
  })

  it.each([
    ["an example.org e-mail", { email: "hello@example.org" }, "email"],
    ["a .test site address", { siteUrl: "https://concrete.test" }, "siteUrl"],
    ["a site address on this machine", { siteUrl: "http://localhost:9000" }, "siteUrl"],
  ])("finds %s", (_what, change, field) => {
    const found = findPlaceholders({ ...real, ...change }, emailjs)
    expect(found.map(placeholder => placeholder.setting)).toEqual([`data/business.json › "${field}"`])
  })

  it("finds a form pointed at the EmailJS stand-in, which visitors cannot reach", () => {
    const found = findPlaceholders(real, { ...emailjs, GATSBY_EMAILJS_ORIGIN: "http://127.0.0.1:8788" })
    expect(found).toEqual([expect.objectContaining({ setting: "GATSBY_EMAILJS_ORIGIN" })])
  })
})

describe("launchCheck", () => {
  it("stops `gatsby build` with the list of placeholders and how to set them", () => {
    const message = launchCheck(business, deployBuild)
    expect(message).toMatch(/^This build is for deployment, but 5 settings are still a placeholder:\n/)
    expect(message).toContain('  - data/business.json › "phone": (801) 555-0142 is a fictional 555-01xx number;')
    expect(message).toContain('  - data/business.json › "email": estimates@example.com is a placeholder address;')
    expect(message).toContain('  - data/business.json › "siteUrl": https://www.example.com is a placeholder address;')
    expect(message).toMatch(/README\.md › Before launch/)
    expect(message).toMatch(/SITE_PREVIEW=1/)
  })

  it("names the missing EmailJS variables too", () => {
    expect(launchCheck(real, { gatsby_executing_command: "build" })).toMatch(
      /3 settings[\s\S]*GATSBY_EMAILJS_PUBLIC_KEY: is not set, so the estimate form cannot send/,
    )
  })

  it("lets a deploy build with real settings through", () => {
    expect(launchCheck(real, deployBuild)).toBeNull()
  })

  it.each(["1", "true", "YES"])("lets a preview through: SITE_PREVIEW=%s", value => {
    expect(isPreview({ SITE_PREVIEW: value })).toBe(true)
    expect(launchCheck(business, { ...deployBuild, SITE_PREVIEW: value })).toBeNull()
  })

  it("does not count SITE_PREVIEW=0 or an empty value as a preview", () => {
    expect(isPreview({ SITE_PREVIEW: "0" })).toBe(false)
    expect(launchCheck(business, { ...deployBuild, SITE_PREVIEW: "" })).not.toBeNull()
  })

  it("leaves `gatsby develop` and code outside a build alone", () => {
    expect(launchCheckApplies({ gatsby_executing_command: "develop" })).toBe(false)
    expect(launchCheckApplies({})).toBe(false)
    expect(launchCheck(business, { gatsby_executing_command: "develop" })).toBeNull()
  })

  it("says 'is' and 'it' for a single placeholder", () => {
    const message = formatPlaceholders([{ setting: "X", problem: "is not set", fix: "set it" }])
    expect(message).toMatch(/^This build is for deployment, but 1 setting is still a placeholder:/)
    expect(message).toMatch(/Set it and build again/)
  })
})

describe("netlify.toml", () => {
  const toml = fs.readFileSync(path.resolve(__dirname, "../netlify.toml"), "utf8")

  it("runs the deploy build with the launch check, publishes public/", () => {
    expect(toml).toMatch(/^\[build\]\n\s+command = "npm run build"\n\s+publish = "public"$/m)
    expect(packageJson.scripts.build).toMatch(/gatsby build$/)
  })

  it("builds on Node 24, from .node-version, which both hosts read, and which no setting overrides", () => {
    const nodeVersion = fs.readFileSync(path.resolve(__dirname, "../.node-version"), "utf8").trim()
    expect(nodeVersion).toMatch(/^24(\.\d+){0,2}$/)
    expect(toml).not.toMatch(/^\s*NODE_VERSION\s*=/m)
    expect(packageJson.engines.node).toBe("^22.10.0 || ^24.0.0")
  })

  it("marks only deploy previews and branch deploys as previews", () => {
    expect(toml.match(/SITE_PREVIEW = "1"/g)).toHaveLength(2)
    expect(toml).not.toMatch(/\[build\.environment\][^[]*SITE_PREVIEW/)
  })
})

describe("launchWarnings", () => {
  it("warns, without stopping the build, while no licence number is set", () => {
    const [warning] = launchWarnings(real)
    expect(warning).toMatch(/"licenseNumber" is not set/)
    expect(launchCheck(real, deployBuild)).toBeNull()
  })

  it("has nothing to say once the licence is set", () => {
    expect(launchWarnings({ ...real, licenseNumber: "12345678-5501" })).toEqual([])
  })
})
