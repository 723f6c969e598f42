/**
 * @jest-environment node
 */
/*
 * The Leads view as a Home Screen app (src/build-time/cms/leads-app.ts): its manifest and icons, its service
 * worker bundled for /admin/leads/ alone, the page linking them, the policy of /admin/ allowing them, and no
 * public page registering a service worker of any kind.
 */
import fs from "fs"
import path from "path"
import sharp from "sharp"
import business from "../data/business.json"
import { MANIFEST_FILE, SERVICE_WORKER_FILE } from "../src/admin/leads/app"
import { adminTexts, ADMIN_PATH, leadsPage } from "../src/build-time/cms/admin"
import { LEADS_APP_FILES, LEADS_FOLDER, leadsAppFile } from "../src/build-time/cms/leads-app"
import { adminPolicy } from "../src/build-time/deploy/policy"

const repoRoot = path.resolve(__dirname, "..")
const LEADS_URL = `https://site.test${ADMIN_PATH}${LEADS_FOLDER}`
const manifestUrl = new URL(MANIFEST_FILE, LEADS_URL)

jest.setTimeout(60_000)

interface Manifest {
  name: string
  start_url: string
  scope: string
  display: string
  icons: { src: string; sizes: string; type: string }[]
}

const manifest = JSON.parse(adminTexts({}, business).get(`${LEADS_FOLDER}${MANIFEST_FILE}`) ?? "{}") as Manifest

test("the manifest names the business and starts and ends at the Leads view", () => {
  expect(manifest.name).toContain(business.name)
  expect(new URL(manifest.start_url, manifestUrl).href).toBe(LEADS_URL)
  expect(new URL(manifest.scope, manifestUrl).href).toBe(LEADS_URL)
  expect(manifest.display).toBe("standalone")
})

test("each icon the manifest names is written, a PNG of its stated size", async () => {
  expect(manifest.icons.map(icon => icon.sizes)).toEqual(["192x192", "512x512"])
  for (const icon of manifest.icons) {
    const name = new URL(icon.src, manifestUrl).pathname.slice(ADMIN_PATH.length)
    expect(LEADS_APP_FILES).toContain(name)
    const png = await leadsAppFile(repoRoot, name)
    const { format, width, height } = await sharp(png as Buffer).metadata()
    expect({ format, size: `${width}x${height}` }).toEqual({ format: "png", size: icon.sizes })
  }
})

test("the Leads page links the manifest and the Home Screen icon", () => {
  const page = leadsPage(business)
  expect(page).toContain(`<link rel="manifest" href="${manifestUrl.pathname}"/>`)
  expect(page).toMatch(/<link rel="apple-touch-icon" href="\/admin\/leads\/icon-\d+\.png"\/>/)
})

test("the service worker is bundled into the Leads view's folder and shows pushes", async () => {
  const name = `${LEADS_FOLDER}${SERVICE_WORKER_FILE}`
  expect(LEADS_APP_FILES).toContain(name)
  const script = String(await leadsAppFile(repoRoot, name))
  expect(script).toContain("showNotification")
  expect(script).toContain("notificationclick")
  // It answers no fetch, so no page it could control ever depends on it.
  expect(script).not.toMatch(/["']fetch["']/)
})

test("the policy of /admin/ allows the app's own manifest and service worker", () => {
  const directives = adminPolicy()
    .split(";")
    .map(part => part.trim())
  expect(directives).toContain("worker-src 'self'")
  expect(directives).toContain("manifest-src 'self'")
})

test("no public page registers a service worker: only the Leads view does", () => {
  const sources = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap(entry => (entry.isDirectory() ? sources(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      .filter(file => /\.(tsx?|jsx?|mjs|cjs)$/.test(file))
  const files = [
    ...sources(path.join(repoRoot, "src")),
    ...["gatsby-browser.tsx", "gatsby-ssr.tsx"].map(file => path.join(repoRoot, file)),
  ]
  const registering = files
    .filter(file => fs.readFileSync(file, "utf8").includes("serviceWorker"))
    .map(file => path.relative(repoRoot, file))
  expect(registering).toEqual(["src/admin/leads/notify-phone.ts"])
})
