/*
 * The owner adds a job and a review from the content manager alone, on their own machine: in Chromium, the
 * built site's /admin/ with Decap's local backend writing to a scratch copy of the project. A phone photo
 * carrying its GPS position goes into a new project, with its service and city chosen from the site's own;
 * a review is added. The files land where the build reads them, and a build of the scratch copy then shows
 * the project and the review where the visitor decides, with no location in any image it publishes.
 */
import { paths } from "../../src/lib/paths"
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { checkContentDirectory } from "../../src/build-time/content/files"
import { cities, servicePages, services } from "../fixtures/content"
import { exifHasGps, locationIn } from "../support/exif"
import { repoRoot } from "../support/site"
import { choose, openCms, publish, runLocalBackendForFile } from "./cms-support"
import { setUpBrowser } from "./support"

jest.setTimeout(300_000)

const { url, newPage } = setUpBrowser()

// What the project's files are copied from: the code and the content, not the builds or the dependencies.
const COPIED = [
  "data",
  "src",
  "static",
  "scripts",
  "plugins",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
]
const MORE = ["gatsby-ssr.tsx", "package.json", "tsconfig.json", "wrangler.jsonc"]

const scratchFolder = runLocalBackendForFile("cms-proof-", scratch => {
  for (const name of [...COPIED, ...MORE])
    fs.cpSync(path.join(repoRoot, name), path.join(scratch, name), { recursive: true })
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(scratch, "node_modules"), "dir")
})

/** The files of a folder of the scratch copy, once one appears. */
async function filesIn(folder: string, extension: RegExp): Promise<string[]> {
  const dir = path.join(scratchFolder(), folder)
  for (let tries = 0; tries < 100; tries++) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter(name => extension.test(name)) : []
    if (names.length > 0) return names
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`nothing was written to ${folder}`)
}

/** A JSON file of the scratch copy once it reads whole: the backend may still be writing it when it appears. */
async function writtenJson(file: string) {
  for (let tries = 0; tries < 100; tries++) {
    try {
      return JSON.parse(fs.readFileSync(path.join(scratchFolder(), file), "utf8"))
    } catch {
      await new Promise(resolve => setTimeout(resolve, 100))
    }
  }
  throw new Error(`${file} was not written whole`)
}
const built = (route: string) =>
  fs.readFileSync(
    path.join(scratchFolder(), "public", route === "/" ? "index.html" : `${route.slice(1)}/index.html`),
    "utf8",
  )

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

describe("the owner adds a job and a review from the content manager", () => {
  test("the photo loses its GPS position, the files are what the build reads, and a build shows both", async () => {
    // A phone photo: 2400 × 1800, with the house's position in its EXIF.
    const photo = path.join(scratchFolder(), "from-the-phone.jpg")
    await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#9c9184" } })
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: "Phone" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "40/1 30/1 0/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "111/1 55/1 0/1",
        },
      })
      .toFile(photo)
    expect((await locationIn(photo)).gps).toBe(true)

    const page = await newPage()
    await openCms(page, url("/admin/#/collections/projects/new"))
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

    const [projectFile] = await filesIn("data/projects", /\.json$/)
    const [upload] = await filesIn("src/images/projects", /\.(jpe?g|png|webp)$/i)
    const project = await writtenJson(`data/projects/${projectFile}`)
    expect(project).toMatchObject({
      title: job.title,
      service: service.slug,
      city: city.slug,
      finished: job.finished,
      description: job.description,
      photos: [{ image: `projects/${upload}`, alt: job.alt }],
    })
    // The editor wrote the photo again before saving it: smaller, and without the phone's EXIF.
    const saved = path.join(scratchFolder(), "src/images/projects", upload)
    const { width, exif } = await sharp(saved).metadata()
    expect(width).toBeLessThanOrEqual(2000)
    expect(exifHasGps(exif)).toBe(false)

    await openCms(page, url("/admin/#/collections/reviews/new"))
    await page.getByLabel("The customer's words", { exact: true }).fill(review.text)
    await page.getByLabel("Name", { exact: true }).fill(review.name)
    await page.getByLabel("Date", { exact: true }).fill(review.date)
    await page.getByLabel("Rating", { exact: true }).fill("5")
    await choose(page, "Source", "Google")
    await publish(page)
    const [reviewFile] = await filesIn("data/reviews", /\.json$/)
    expect(await writtenJson(`data/reviews/${reviewFile}`)).toMatchObject({ ...review, rating: 5, source: "Google" })

    expect(checkContentDirectory(path.join(scratchFolder(), "data"), path.join(scratchFolder(), "src/images"))).toEqual(
      [],
    )

    // The build an owner's push starts, on the scratch copy.
    const build = spawnSync(process.execPath, ["scripts/build-site.mjs"], {
      cwd: scratchFolder(),
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", SITE_SAMPLE_PROOF: "" },
      encoding: "utf8",
    })
    expect([build.status, build.status === 0 ? "" : `${build.stdout}\n${build.stderr}`.slice(-3000)]).toEqual([0, ""])

    const slug = projectFile.replace(/\.json$/, "")
    for (const route of [paths.projects, paths.project(slug), paths.service(service.slug), paths.city(city.slug)])
      expect([route, built(route).includes(job.title)]).toEqual([route, true])
    expect(built("/")).toContain(review.text)
    expect(built(paths.reviews)).toContain(review.text)

    const images: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
        if (entry.isDirectory()) walk(path.join(dir, entry.name))
        else if (/\.(jpe?g|png|webp|avif)$/i.test(entry.name)) images.push(path.join(dir, entry.name))
    }
    walk(path.join(scratchFolder(), "public"))
    const located = await Promise.all(images.map(async file => ({ file, gps: (await locationIn(file)).gps })))
    expect(located.filter(each => each.gps)).toEqual([])
  })
})
