/*
 * The content manager at /admin/, in Chromium, as the owner uses it on their own machine: the built site's
 * /admin/ (under its own Content-Security-Policy) with Decap's local backend, decap-server, writing to a
 * scratch copy of data/. Each save must change the files on disk exactly so and leave content the build
 * accepts; a value the build would refuse is refused in the editor, in words the owner can act on.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page } from "playwright-core"
import { LOCAL_BACKEND_PORT } from "../../src/build-time/cms/config"
import { checkContentDirectory, readContentFiles } from "../../src/lib/content/files"
import { IMAGES_DIR } from "../fixtures/content-dir"
import { createdPaths } from "../support/pages"
import { repoRoot } from "../support/site"
import { setUpBrowser } from "./support"

jest.setTimeout(120_000)

const { url, newPage, takePageErrors } = setUpBrowser()

let scratch: string
let backend: ChildProcess | undefined

/** Starts decap-server on the port the configuration names, over a fresh copy of data/. */
beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "cms-scratch-"))
  fs.cpSync(path.join(repoRoot, "data"), path.join(scratch, "data"), { recursive: true })
  const server = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
    cwd: scratch,
    env: { ...process.env, GIT_REPO_DIRECTORY: scratch, PORT: String(LOCAL_BACKEND_PORT), LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  backend = server
  await new Promise<void>((resolve, reject) => {
    let output = ""
    const listen = (chunk: Buffer) => {
      output += String(chunk)
      if (/listening on port/i.test(output)) resolve()
      if (/EADDRINUSE/.test(output))
        reject(new Error(`Port ${LOCAL_BACKEND_PORT} is taken (is \`npm run cms\` running?); the CMS tests need it`))
    }
    server.stdout?.on("data", listen)
    server.stderr?.on("data", listen)
    server.once("exit", code => reject(new Error(`decap-server exited with code ${code}: ${output}`)))
  })
})

afterAll(() => {
  backend?.kill()
  fs.rmSync(scratch, { recursive: true, force: true })
})

const scratchFile = (file: string) => path.join(scratch, "data", file)
const readScratch = (file: string) => JSON.parse(fs.readFileSync(scratchFile(file), "utf8"))

/** Opens a place in the CMS, signing in to the local backend when it asks (once per browser context). */
async function openCms(page: Page, hash: string) {
  await page.goto(url(`/admin/#${hash}`))
  const login = page.getByRole("button", { name: "Login" })
  const publishButton = page.getByRole("button", { name: "Publish" })
  await login.or(publishButton).first().waitFor()
  if (await login.isVisible()) await login.click()
  await publishButton.waitFor()
}

/** Publishes the open entry, as the owner does from the editor's top bar. */
async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
}

/** The file's content, or undefined while it is missing or half written (the backend truncates, then writes). */
function tryReadScratch(file: string): Record<string, unknown> | undefined {
  try {
    return readScratch(file)
  } catch {
    return undefined
  }
}

/** Waits until the CMS has written the file with `check` passing on its content. */
async function waitForFile(file: string, check: (content: Record<string, unknown>) => boolean) {
  for (let tries = 0; tries < 100; tries++) {
    const content = tryReadScratch(file)
    if (content && check(content)) return content
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`data/${file} was not written as expected`)
}

/** Picks an entry in a relation field (a searchable select) by typing its name. */
async function choose(page: Page, label: string, name: string) {
  await page.getByLabel(label, { exact: true }).pressSequentially(name)
  await page.getByRole("option", { name, exact: true }).click()
}

/** Adds items to a list field and fills each. */
async function addItems(page: Page, singular: string, values: string[]) {
  for (const value of values) {
    await page.getByRole("button", { name: `Add ${singular}` }).click()
    await page.getByLabel(singular, { exact: true }).last().fill(value)
  }
}

/** Farmington, as the owner would add it: the Davis County seat, between Kaysville and Centerville. */
const farmington = {
  name: "Farmington",
  latitude: "40.981",
  longitude: "-111.887",
  localInfo:
    "Farmington is the Davis County seat, set between the Wasatch foothills and the marshes of Farmington Bay. " +
    "Older homes near Main Street sit on benches above the freeway, while newer streets around Station Park " +
    "spread across lower, wetter ground.",
  weather:
    "Canyon winds gust hard down the foothills and winters bring repeated freeze-thaw cycles, so exterior slabs " +
    "need air-entrained concrete and a sealer.",
  projects: ["Driveway replacements", "Stamped patios", "Walkout basements on bench lots", "Retaining walls"],
  landmarks: ["Lagoon", "Station Park", "Farmington Bay Waterfowl Management Area", "Davis County Courthouse"],
  question: "Does a sloped Farmington lot need a retaining wall for a patio?",
  answer: "Often it does, and a wall over 4 feet generally needs an engineered design and a permit.",
}

describe("the content manager on the owner's machine", () => {
  test("changes the phone and a city's popular project: exactly those values change, and the build accepts them", async () => {
    const page = await newPage()
    const business = readScratch("business.json")
    await openCms(page, "/collections/site/entries/business")
    await page.getByLabel("Phone", { exact: true }).fill("(385) 555-0168")
    await publish(page)
    const saved = await waitForFile("business.json", content => content.phone === "(385) 555-0168")
    expect(saved).toEqual({ ...business, phone: "(385) 555-0168" })

    const lehi = readScratch("cities/lehi.json")
    await openCms(page, "/collections/cities/entries/lehi")
    const project = page.getByLabel("Popular project", { exact: true }).nth(1)
    await expect(project.inputValue()).resolves.toBe(lehi.popularProjects[1])
    await project.fill("Stamped patios in Traverse Mountain backyards")
    await publish(page)
    const projects = [...lehi.popularProjects]
    projects[1] = "Stamped patios in Traverse Mountain backyards"
    const savedCity = await waitForFile(
      "cities/lehi.json",
      content => JSON.stringify(content.popularProjects) === JSON.stringify(projects),
    )
    expect(savedCity).toEqual({ ...lehi, popularProjects: projects })

    expect(checkContentDirectory(path.join(scratch, "data"), IMAGES_DIR)).toEqual([])
  })

  test("refuses a phone the build would refuse, says how to write it, and writes nothing", async () => {
    const page = await newPage()
    const before = fs.readFileSync(scratchFile("business.json"), "utf8")
    await openCms(page, "/collections/site/entries/business")
    await page.getByLabel("Phone", { exact: true }).fill("801-555-0142")
    await publish(page)
    await expect(
      page.getByText("Phone didn't match the pattern: expected a number written like (801) 555-0142.").isVisible(),
    ).resolves.toBe(true)
    await page.waitForTimeout(500)
    expect(fs.readFileSync(scratchFile("business.json"), "utf8")).toBe(before)
    // Decap rejects its save promise with nothing when a field is invalid; the page goes on working.
    expect(takePageErrors(page)).toEqual(["undefined"])
  })

  test("adds a city with its county and neighbour chosen once from the existing ones: it validates and gets a page", async () => {
    const page = await newPage()
    await openCms(page, "/collections/cities/new")
    await page.getByLabel("Slug", { exact: true }).fill("farmington")
    await page.getByLabel("Name", { exact: true }).fill(farmington.name)
    await choose(page, "County", "Davis County")
    await page.getByLabel("Latitude", { exact: true }).fill(farmington.latitude)
    await page.getByLabel("Longitude", { exact: true }).fill(farmington.longitude)
    await choose(page, "Nearby", "Kaysville")
    await page.getByLabel("Local info", { exact: true }).fill(farmington.localInfo)
    await page.getByLabel("Weather considerations", { exact: true }).fill(farmington.weather)
    await addItems(page, "Popular project", farmington.projects)
    await addItems(page, "Nearby landmark", farmington.landmarks)
    await page.getByRole("button", { name: "Add Question" }).click()
    await page.getByLabel("Question", { exact: true }).fill(farmington.question)
    await page.getByLabel("Answer", { exact: true }).fill(farmington.answer)
    await publish(page)
    const city = await waitForFile("cities/farmington.json", content => content.name === "Farmington")
    expect(city).toEqual({
      slug: "farmington",
      name: "Farmington",
      county: "davis",
      geo: { latitude: 40.981, longitude: -111.887 },
      nearby: ["kaysville"],
      localInfo: farmington.localInfo,
      weatherConsiderations: farmington.weather,
      popularProjects: farmington.projects,
      nearbyLandmarks: farmington.landmarks,
      faq: [{ question: farmington.question, answer: farmington.answer }],
    })

    // The owner picks the neighbour once: the new city validates, and the build links both ways.
    const dataDir = path.join(scratch, "data")
    expect(checkContentDirectory(dataDir, IMAGES_DIR)).toEqual([])
    expect(await createdPaths(readContentFiles(dataDir).files)).toContain("/locations/farmington")
  })
})
