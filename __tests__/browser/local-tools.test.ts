/*
 * The developer's and the owner's local tools, on a copy of this checkout as a fresh clone has it (no .cache/ or
 * public/; the checkout's node_modules): `gatsby develop`, which `npm run develop` and `npm run cms` start,
 * compiles cold with no error, shows a page in Chromium and answers a GraphiQL query with the content of data/. A
 * lint rule that Gatsby's development bundle enforces, or a plugin that only the production build was tried with,
 * fails here rather than on the owner's machine. Then, as `npm run cms` has it, Decap's local backend
 * (decap-server) writes to the copy while the development server runs on it, and the owner adds a job and a
 * review from /admin/ alone: a phone photo carrying its GPS position goes into the new project, with its service
 * and city chosen from the site's own. The files land where the site reads them, the photo is written again
 * smaller and without its position, and the running server shows the job and the review where the visitor
 * decides, with no position in the photo it serves. The production build's side of the same content (every place
 * the work shows, no published image with a position) is checked on the tests' build, whose sample projects are
 * files of the same shape and whose sample photos carry a position (site/proof.test.ts).
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Page } from "playwright-core"
import sharp from "sharp"
import business from "../../data/business.json"
import { ADMIN_PATH } from "../../src/build-time/cms/admin"
import { checkContentDirectory } from "../../src/build-time/content/files"
import { paths } from "../../src/lib/paths"
import { cities, cityFiles, servicePages, services } from "../fixtures/content"
import { exifHasGps, locationIn } from "../support/exif"
import { repoRoot } from "../support/site"
import { choose, localBackendOver, openCms, publish } from "./cms-support"
import { freePort, setUpBrowser, stopServer, type ServedSite } from "./support"

// A cold development bundle took 35 s here on a quiet machine, several times that beside another browser file.
jest.setTimeout(420_000)

/** What a checkout holds that is made, not written: the copy starts without them, as a fresh clone does. */
const MADE = new Set(["node_modules", ".cache", "public", ".git", ".node", ".inbox", ".wrangler", "bench", "coverage"])

/** Gatsby's own words for a development bundle that did not compile. */
const FAILED = /ERROR #|failed Building development bundle|compiled with \d+ errors?/

let output = ""
/** The copy of the checkout the development server and the content manager's backend work on. */
let copy = ""

function copyOfCheckout(): string {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "local-tools-"))
  fs.cpSync(repoRoot, copy, {
    recursive: true,
    filter: source => !MADE.has(path.relative(repoRoot, source).split(path.sep)[0]),
  })
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"))
  return copy
}

async function startDevelop(): Promise<ServedSite> {
  copyOfCheckout()
  const port = await freePort()
  const gatsby = path.join(repoRoot, "node_modules/gatsby/cli.js")
  const child: ChildProcess = spawn(process.execPath, [gatsby, "develop", "--host", "127.0.0.1", "--port", `${port}`], {
    cwd: copy,
    env: { ...process.env, NODE_ENV: "development", GATSBY_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise(done => child.once("exit", done))
      child.kill()
      await exited
    }
    fs.rmSync(copy, { recursive: true, force: true })
  }
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += String(chunk)
      if (FAILED.test(output)) reject(new Error(`gatsby develop did not compile:\n${output.slice(-3000)}`))
      else if (/success Building development bundle/.test(output)) resolve()
    }
    child.stdout?.on("data", read)
    child.stderr?.on("data", read)
    child.once("exit", code =>
      reject(new Error(`gatsby develop exited (${code}) before serving:\n${output.slice(-3000)}`)),
    )
  })
    // "Building development bundle" can end before Gatsby has written the pages' data: the server is ready for
    // a visitor once the home page's data answers.
    .then(() => pageDataAnswers(`http://127.0.0.1:${port}`))
    .catch(async error => {
      await close()
      throw error
    })
  return { url: `http://127.0.0.1:${port}`, close }
}

async function pageDataAnswers(origin: string) {
  const end = Date.now() + 120_000
  for (;;) {
    const answer = await fetch(`${origin}/page-data/index/page-data.json`).catch(() => undefined)
    if (answer?.ok) return
    if (Date.now() > end) throw new Error(`gatsby develop did not serve the home page's data:\n${output.slice(-3000)}`)
    await new Promise(resolve => setTimeout(resolve, 500))
  }
}

const browser = setUpBrowser({ serve: startDevelop })

test("the development bundle compiles with no error and shows the home page with the business's name", async () => {
  const page = await browser.newPage()
  const response = await page.goto(browser.url(paths.home), { waitUntil: "load" })
  expect(response?.status()).toBe(200)
  await page.locator("header").filter({ hasText: business.name }).first().waitFor({ timeout: 60_000 })
  expect(await page.locator("h1").count()).toBe(1)
  expect(output).not.toMatch(FAILED)
})

test("GraphiQL answers a query with the content of data/", async () => {
  const page = await browser.newPage()
  const answer = await page.request.post(browser.url("/___graphql"), {
    data: { query: "query DevelopCheck { allCitiesJson { totalCount } businessJson { phone } }" },
  })
  expect(answer.status()).toBe(200)
  const { data, errors } = await answer.json()
  expect(errors).toBeUndefined()
  expect(data).toEqual({ allCitiesJson: { totalCount: cityFiles.length }, businessJson: { phone: business.phone } })
})

// The job and the review, as an owner would enter them; the service and the city are the content's own.
const service = services.find(each => servicePages.some(page => page.slug === each.slug)) ?? services[0]
const city = cities[cities.length - 1]
const job = {
  title: "Broom-finished driveway extension",
  finished: "2026-10",
  description:
    "Widened a single driveway by ten feet for a third car, doweled into the old slab so the joint stays flush.",
  alt: "The widened driveway, new slab on the left",
}
const review = {
  text: "On time, on budget, and the new slab matches the old one better than we hoped.",
  name: "Chris P.",
  date: "2026-11-02",
}

/** The project file the owner's save wrote, once the test that saves it has passed. */
let savedProject: string | undefined

const filesIn = (folder: string) =>
  fs.existsSync(path.join(copy, folder)) ? fs.readdirSync(path.join(copy, folder)) : []

/** The files of a folder of the copy that were not there `before`. */
const newFilesIn = (folder: string, extension: RegExp, before: string[]) =>
  filesIn(folder).filter(name => extension.test(name) && !before.includes(name))

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(copy, file), "utf8"))

test("the owner adds a job with a phone photo and a review from /admin/: the files are what the site reads, the photo without its position", async () => {
  // A phone photo: 2400 × 1800, with the house's position in its EXIF.
  const photo = path.join(copy, "from-the-phone.jpg")
  await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#9c9184" } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "Phone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "111/1 55/1 0/1" },
    })
    .toFile(photo)
  expect((await locationIn(photo)).gps).toBe(true)
  const before = {
    projects: filesIn("data/projects"),
    reviews: filesIn("data/reviews"),
    photos: filesIn("src/images/projects"),
  }

  // decap-server only while the owner edits: the other content manager files wait for its fixed port.
  const backend = await localBackendOver(copy)
  const page = await browser.newPage()
  try {
    page.setDefaultNavigationTimeout(90_000)
    await openCms(page, browser.url(`${ADMIN_PATH}#/collections/projects/new`))
    await page.getByLabel("Title", { exact: true }).fill(job.title)
    await choose(page, "Service", service.title)
    await choose(page, "City", city.name)
    await page.getByLabel("Month finished", { exact: true }).fill(job.finished)
    await page.getByLabel("Description", { exact: true }).fill(job.description)
    // The list needs one photo at least, so the editor may open with an empty one in place.
    const altFields = page.getByLabel("What the photo shows", { exact: true })
    if ((await altFields.count()) === 0) await page.getByRole("button", { name: "Add Photo" }).click()
    await page.getByRole("button", { name: /choose an image/i }).click()
    await page.locator('input[type="file"]').setInputFiles(photo)
    await page.getByRole("button", { name: /choose selected/i }).click()
    await page.getByLabel("What the photo shows", { exact: true }).fill(job.alt)
    await publish(page)

    const [projectFile] = newFilesIn("data/projects", /\.json$/, before.projects)
    const [upload] = newFilesIn("src/images/projects", /\.(jpe?g|png|webp)$/i, before.photos)
    expect(readJson(`data/projects/${projectFile}`)).toMatchObject({
      title: job.title,
      service: service.slug,
      city: city.slug,
      finished: job.finished,
      description: job.description,
      photos: [{ image: `projects/${upload}`, alt: job.alt }],
    })
    // The editor wrote the photo again before saving it: smaller, and without the phone's EXIF.
    const { width, exif } = await sharp(path.join(copy, "src/images/projects", upload)).metadata()
    expect(width).toBeLessThanOrEqual(2000)
    expect(exifHasGps(exif)).toBe(false)

    await openCms(page, browser.url(`${ADMIN_PATH}#/collections/reviews/new`))
    await page.getByLabel("The customer's words", { exact: true }).fill(review.text)
    await page.getByLabel("Name", { exact: true }).fill(review.name)
    await page.getByLabel("Date", { exact: true }).fill(review.date)
    await page.getByLabel("Rating", { exact: true }).fill("5")
    await choose(page, "Source", "Google")
    await publish(page)
    const [reviewFile] = newFilesIn("data/reviews", /\.json$/, before.reviews)
    expect(readJson(`data/reviews/${reviewFile}`)).toMatchObject({ ...review, rating: 5, source: "Google" })
    savedProject = projectFile
  } finally {
    // The page first: Decap keeps asking its backend, and a request cut off by the stop is a console error.
    await page.close()
    await stopServer(backend)
  }
  expect(checkContentDirectory(path.join(copy, "data"), path.join(copy, "src/images"))).toEqual([])
})

/** Opens a route of the development server once it shows `text`: the server rebuilds a page when its data changes. */
async function openShowing(page: Page, route: string, text: string) {
  const end = Date.now() + 120_000
  for (;;) {
    await page.goto(browser.url(route), { waitUntil: "load" })
    const shown = await page
      .locator("main")
      .getByText(text)
      .first()
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false)
    if (shown) return
    if (Date.now() > end) {
      const body = await page.locator("body").innerText()
      throw new Error(
        `${route} did not show "${text}" on the development server, but:\n${body.slice(-2000)}\n` +
          `gatsby develop said last:\n${output.slice(-3000)}`,
      )
    }
  }
}

test("the running development server shows the job and the review where the visitor decides, its photo without a position", async () => {
  if (!savedProject) throw new Error("the owner's job and review were not saved (the test before failed)")
  const slug = savedProject.replace(/\.json$/, "")
  const page = await browser.newPage()
  for (const route of [paths.project(slug), paths.projects, paths.service(service.slug), paths.city(city.slug)])
    await openShowing(page, route, job.title)
  for (const route of [paths.home, paths.reviews]) await openShowing(page, route, review.text)

  await page.goto(browser.url(paths.project(slug)), { waitUntil: "load" })
  const photo = page.locator("main picture img").first()
  await expect(photo.getAttribute("alt")).resolves.toBe(job.alt)
  await photo.scrollIntoViewIfNeeded()
  await page.waitForFunction(
    image => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
    await photo.elementHandle(),
  )
  const served = await page.request.get(await photo.evaluate(image => (image as HTMLImageElement).currentSrc))
  expect(served.status()).toBe(200)
  expect(exifHasGps((await sharp(await served.body()).metadata()).exif)).toBe(false)
  expect(output).not.toMatch(FAILED)
})
