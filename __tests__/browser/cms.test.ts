/*
 * The content manager at /admin/, in Chromium, as the owner uses it on their own machine: the built site's
 * /admin/ (under its own Content-Security-Policy) with Decap's local backend, decap-server, writing to a
 * scratch copy of data/. Each save must change the files on disk exactly so and leave content the build
 * accepts; a value the build would refuse is refused in the editor, in words the owner can act on.
 */
import { paths } from "../../src/lib/paths"
import fs from "node:fs"
import path from "node:path"
import type { Page, Request } from "playwright-core"
import { checkContentDirectory, readContentFiles } from "../../src/build-time/content/files"
import { cities, counties } from "../fixtures/content"
import { IMAGES_DIR } from "../fixtures/content-dir"
import { createdPaths } from "../support/pages"
import { repoRoot } from "../support/site"
import { choose, openCms, pressPublish, publish, runLocalBackendForFile } from "./cms-support"
import { setUpBrowser } from "./support"

jest.setTimeout(120_000)

// One page for the file: Decap starts once, for the new city, and each later test goes to its entry through
// the collection (openCms).
const { url, keptPage, takePageErrors } = setUpBrowser()

const scratchFolder = runLocalBackendForFile("cms-scratch-", scratch => {
  fs.cpSync(path.join(repoRoot, "data"), path.join(scratch, "data"), { recursive: true })
  // The city the owner adds below is new to the scratch copy, whatever data/ holds by then.
  fs.rmSync(path.join(scratch, "data", "cities", "farmington.json"), { force: true })
})

const scratchFile = (file: string) => path.join(scratchFolder(), "data", file)
const readScratch = (file: string) => JSON.parse(fs.readFileSync(scratchFile(file), "utf8"))

/** Adds items to a list field and fills each. */
async function addItems(page: Page, singular: string, values: string[]) {
  for (const value of values) {
    await page.getByRole("button", { name: `Add ${singular}` }).click()
    await page.getByLabel(singular, { exact: true }).last().fill(value)
  }
}

/** A city whose second popular project the owner rewrites. */
const edited = cities.find(city => city.popularProjects.length >= 2) ?? cities[0]
/** Farmington's county, and the neighbour the owner picks: a city of that county in the content. */
const davis = counties.find(county => county.slug === "davis") ?? counties[0]
const neighbour = cities.find(city => city.county === davis.slug && city.slug !== "farmington") ?? cities[0]

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
  test("adds a city with its county and neighbour chosen once from the existing ones: it validates and gets a page", async () => {
    const page = await keptPage()
    await openCms(page, url("/admin/#/collections/cities/new"))
    await page.getByLabel("Slug", { exact: true }).fill("farmington")
    await page.getByLabel("Name", { exact: true }).fill(farmington.name)
    await choose(page, "County", davis.name)
    await page.getByLabel("Latitude", { exact: true }).fill(farmington.latitude)
    await page.getByLabel("Longitude", { exact: true }).fill(farmington.longitude)
    await choose(page, "Nearby", neighbour.name)
    await page.getByLabel("Local info", { exact: true }).fill(farmington.localInfo)
    await page.getByLabel("Weather considerations", { exact: true }).fill(farmington.weather)
    await addItems(page, "Popular project", farmington.projects)
    await addItems(page, "Nearby landmark", farmington.landmarks)
    await page.getByRole("button", { name: "Add Question" }).click()
    await page.getByLabel("Question", { exact: true }).fill(farmington.question)
    await page.getByLabel("Answer", { exact: true }).fill(farmington.answer)
    await publish(page)
    expect(readScratch("cities/farmington.json")).toEqual({
      slug: "farmington",
      name: "Farmington",
      county: davis.slug,
      geo: { latitude: 40.981, longitude: -111.887 },
      nearby: [neighbour.slug],
      localInfo: farmington.localInfo,
      weatherConsiderations: farmington.weather,
      popularProjects: farmington.projects,
      nearbyLandmarks: farmington.landmarks,
      faq: [{ question: farmington.question, answer: farmington.answer }],
    })

    // The owner picks the neighbour once: the new city validates, and the build links both ways.
    const dataDir = path.join(scratchFolder(), "data")
    expect(checkContentDirectory(dataDir, IMAGES_DIR)).toEqual([])
    expect(await createdPaths(readContentFiles(dataDir).files)).toContain(paths.city("farmington"))
  })

  test("changes the phone and a city's popular project: exactly those values change, and the build accepts them", async () => {
    const page = await keptPage()
    const business = readScratch("business.json")
    await openCms(page, url("/admin/#/collections/site/entries/business"))
    await page.getByLabel("Phone", { exact: true }).fill("(385) 555-0168")
    await publish(page)
    expect(readScratch("business.json")).toEqual({ ...business, phone: "(385) 555-0168" })

    const city = readScratch(`cities/${edited.slug}.json`)
    await openCms(page, url(`/admin/#/collections/cities/entries/${edited.slug}`))
    const project = page.getByLabel("Popular project", { exact: true }).nth(1)
    await expect(project.inputValue()).resolves.toBe(city.popularProjects[1])
    await project.fill("Stamped patios in backyards up on the bench")
    await publish(page)
    const projects = [...city.popularProjects]
    projects[1] = "Stamped patios in backyards up on the bench"
    expect(readScratch(`cities/${edited.slug}.json`)).toEqual({ ...city, popularProjects: projects })

    expect(checkContentDirectory(path.join(scratchFolder(), "data"), IMAGES_DIR)).toEqual([])
  })

  test("refuses a phone the build would refuse, says how to write it, and writes nothing", async () => {
    const page = await keptPage()
    const before = fs.readFileSync(scratchFile("business.json"), "utf8")
    await openCms(page, url("/admin/#/collections/site/entries/business"))
    // What the editor asks the local backend to write: Decap checks the entry before it asks.
    const writes: string[] = []
    const watchWrites = (request: Request) => {
      if (/persist/i.test(request.postData() ?? "")) writes.push(request.url())
    }
    page.on("request", watchWrites)
    await page.getByLabel("Phone", { exact: true }).fill("801-555-0142")
    await pressPublish(page)
    await page.getByText("Phone didn't match the pattern: expected a number written like (801) 555-0142.").waitFor()
    page.off("request", watchWrites)
    expect(writes).toEqual([])
    expect(fs.readFileSync(scratchFile("business.json"), "utf8")).toBe(before)
    // Decap rejects its save promise with nothing when a field is invalid; the page goes on working.
    expect(takePageErrors(page)).toEqual(["undefined"])
  })
})
