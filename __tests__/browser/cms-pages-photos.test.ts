/*
 * The content manager as the owner meets it beyond plain fields, in Chromium against the built site's /admin/
 * with Decap's local backend over a scratch copy of data/ and the tests' sample projects:
 * - the preview pane draws the site's own page (a city, a service page, a project, the business's facts):
 *   the same heading, header phone and photo as the built page, in the site's styles;
 * - a photo in any format the browser opens is saved as a clean JPEG under a name the build accepts, and a
 *   file it cannot open is refused in a sentence, with nothing written;
 * - at a phone's size, with touch, the owner signs in, adds a project with a photo and publishes it.
 */
import fs from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import sharp from "sharp"
import { SAMPLE_PROOF_DIR } from "../../src/build-time/content-sources"
import { fileKind, PHOTO_MAX_WIDTH, refusalOf } from "../../src/lib/content/photo-upload"
import { paths } from "../../src/lib/paths"
import { cities, servicePages, services } from "../fixtures/content"
import { exifHasGps } from "../support/exif"
import { repoRoot } from "../support/site"
import { answerForGitHub, openCms, pageFacts, previewOf, publish, runLocalBackendForFile } from "./cms-support"
import { FOOTER_ID } from "../../src/components/footer"
import { PHONE, setUpBrowser } from "./support"

jest.setTimeout(300_000)

const { url, newPage, keptPage, open } = setUpBrowser()

const PHOTOS_DIR = "src/images/projects"

const scratchFolder = runLocalBackendForFile("cms-pages-", scratch => {
  fs.cpSync(path.join(repoRoot, "data"), path.join(scratch, "data"), { recursive: true })
  fs.cpSync(path.join(SAMPLE_PROOF_DIR, "data", "projects"), path.join(scratch, "data", "projects"), {
    recursive: true,
  })
  fs.cpSync(path.join(SAMPLE_PROOF_DIR, "images", "projects"), path.join(scratch, PHOTOS_DIR), { recursive: true })
})

const sampleProjects = fs.readdirSync(path.join(SAMPLE_PROOF_DIR, "data", "projects")).sort()
const photosIn = () => new Set(fs.readdirSync(path.join(scratchFolder(), PHOTOS_DIR)))

/**
 * A page for the content manager: Decap's bundle is 5 MB, which a busy machine may take longer than
 * playwright's default 30 s to load.
 */
async function cmsPage(options: Parameters<typeof newPage>[0] = {}) {
  const page = await newPage(options)
  page.setDefaultTimeout(90_000)
  // Each publish makes the live banner ask GitHub, which this machine cannot reach.
  await answerForGitHub(page)
  return page
}

/**
 * The file's kept desktop page for the content manager: Decap starts once for the preview and the photos
 * (openCms goes from one place to the next through the collections); the held-back script and the phone each
 * need a start of their own.
 */
async function keptCmsPage() {
  const page = await keptPage()
  page.setDefaultTimeout(90_000)
  return page
}

async function builtFacts(pathname: string) {
  const page = await cmsPage()
  await open(page, pathname)
  return pageFacts(page)
}

describe("the preview pane", () => {
  test("draws a city, a service page, a project and the business's facts as the built pages show them", async () => {
    const city = cities[0]
    const servicePage = servicePages[0]
    const project = sampleProjects[0].replace(/\.json$/, "")
    const editor = await keptCmsPage()
    for (const [address, pathname] of [
      [`/admin/#/collections/cities/entries/${city.slug}`, paths.city(city.slug)],
      ["/admin/#/collections/site/entries/service-pages", paths.service(servicePage.slug)],
      [`/admin/#/collections/projects/entries/${project}`, paths.project(project)],
      ["/admin/#/collections/site/entries/business", paths.home],
    ]) {
      await openCms(editor, url(address))
      const preview = await pageFacts(await previewOf(editor))
      const built = await builtFacts(pathname)
      expect([address, preview]).toEqual([address, built])
    }

    // The pane runs the page's code, so its header has the menus' buttons, not the plain links a built page
    // shows before its code loads.
    const drawn = await previewOf(editor)
    await expect(drawn.locator(`header a[href="#${FOOTER_ID}"]`).isVisible()).resolves.toBe(false)
    // At the pane's width the phone menu's button, at a wider one the dropdowns' buttons.
    expect(await drawn.locator("header button[aria-expanded]:visible").count()).toBeGreaterThan(0)

    // The pane follows the entry as it is typed: the new phone is in the header at once.
    await editor.getByLabel("Phone", { exact: true }).fill("(385) 555-0168")
    const frame = await previewOf(editor)
    await expect(frame.locator('header a[href^="tel:"]').first().innerText()).resolves.toContain("(385) 555-0168")
  })

  test("draws the page when the site's own script is held back", async () => {
    const city = cities[0]
    const editor = await cmsPage()
    // /admin/admin.js is held as long as the page lets Decap go without it: while the script came after Decap's
    // bundle, until Decap had drawn the entry (the pane then showed Decap's bare list of fields); with the
    // script first, the page's parser waits at it, before Decap's bundle, and nothing more can happen.
    let release = () => {}
    const released = new Promise<void>(resolve => (release = resolve))
    let asked = () => {}
    const requested = new Promise<void>(resolve => (asked = resolve))
    await editor.route("**/admin/admin.js", async route => {
      asked()
      await released
      await route.continue()
    })
    const opened = openCms(editor, url(`/admin/#/collections/cities/entries/${city.slug}`))
    await requested
    await editor.waitForFunction(() => document.querySelector('script[src$="/admin.js"]') !== null)
    const decapFirst = await editor.evaluate(() => document.querySelector('script[src$="/decap-cms.js"]') !== null)
    if (decapFirst) {
      const [login, publish] = ["Login", "Publish"].map(name => editor.getByRole("button", { name }))
      await login.or(publish).first().waitFor({ timeout: 90_000 })
      if (await login.isVisible()) await login.click()
      await publish.waitFor({ timeout: 90_000 })
    }
    release()
    await opened
    const preview = await pageFacts(await previewOf(editor))
    expect(preview).toEqual(await builtFacts(paths.city(city.slug)))
  })
})

/** The photos a test makes, in a folder of its own inside the scratch copy (which the backend does not read). */
function madeFolder() {
  const dir = path.join(scratchFolder(), "made")
  fs.mkdirSync(dir, { recursive: true })
  return dir
}

const phonePhoto = () => sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#9c9184" } })
const GPS = {
  IFD0: { Make: "Phone" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "111/1 55/1 0/1" },
}

/** Waits until `condition` holds, for up to 60 s. */
async function waitUntil(condition: () => boolean, what: string) {
  for (let tries = 0; tries < 600; tries++) {
    if (condition()) return
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`never happened: ${what}`)
}

/** A saved photo's facts: its format, size, and whether it still carries EXIF or a GPS position. */
async function savedPhoto(name: string) {
  const file = path.join(scratchFolder(), PHOTOS_DIR, name)
  const { format, width = 0, height = 0, exif } = await sharp(file).metadata()
  return { format, width, height, exif: Boolean(exif), gps: exifHasGps(exif) }
}

/** Fills a new project's fields, the service and the city being the content's first. */
async function fillProject(page: Page, job: { title: string; description: string }, touch = false) {
  const press = (locator: ReturnType<Page["getByLabel"]>) => (touch ? locator.tap() : locator.click())
  await page.getByLabel("Title", { exact: true }).fill(job.title)
  for (const [label, name] of [
    ["Service", services[0].title],
    ["City", cities[0].name],
  ]) {
    await press(page.getByLabel(label, { exact: true }))
    await page.getByLabel(label, { exact: true }).pressSequentially(name)
    await press(page.getByRole("option", { name, exact: true }))
  }
  await page.getByLabel("Month finished", { exact: true }).fill("2026-11")
  await page.getByLabel("Description", { exact: true }).fill(job.description)
}

/** Adds one photo per file, each through the media library, with what it shows. */
async function addPhotos(page: Page, files: string[], touch = false) {
  const press = (locator: ReturnType<Page["getByRole"]>) => (touch ? locator.tap() : locator.click())
  for (const [index, file] of files.entries()) {
    // The list opens with one empty photo; each further one is added.
    if (index > 0) await press(page.getByRole("button", { name: /add photo/i }))
    await press(page.getByRole("button", { name: /choose an image/i }).last())
    await page.locator('input[type="file"]').setInputFiles(file)
    await press(page.getByRole("button", { name: /choose selected/i }))
    await page
      .getByLabel("What the photo shows", { exact: true })
      .nth(index)
      .fill(`Photo ${index + 1} of the job`)
  }
}

/** Publishes the open project and reads the file the local backend wrote for it. */
async function publishProject(page: Page, slug: string, touch = false) {
  await publish(page, touch)
  return JSON.parse(fs.readFileSync(path.join(scratchFolder(), "data", "projects", `${slug}.json`), "utf8"))
}

describe("photos", () => {
  test("any photo the browser opens is saved clean under a name the build accepts; other files are refused in words", async () => {
    const dir = madeFolder()
    const avif = path.join(dir, "IMG_2041.avif")
    await phonePhoto().withExif(GPS).avif({ quality: 50 }).toFile(avif)
    expect(exifHasGps((await sharp(avif).metadata()).exif)).toBe(true)
    const screenshot = path.join(dir, "Screenshot 2026-10-14 at 4.05.12\u202fPM.png")
    await sharp({ create: { width: 1200, height: 800, channels: 4, background: "#ffffff" } })
      .png()
      .toFile(screenshot)
    // Taken with the phone on its side: stored 1600 × 1200, with EXIF saying to turn it a quarter.
    const sideways = path.join(dir, "sideways.jpg")
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#4b4540" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(sideways)
    // An iPhone's HEIC photo, as its first bytes say (Chromium cannot decode HEIC), and a PDF renamed .jpg.
    const heic = path.join(dir, "IMG_2042.HEIC")
    fs.writeFileSync(
      heic,
      Buffer.concat([Buffer.from("000000186674797068656963000000006d69663168656963", "hex"), Buffer.alloc(64)]),
    )
    const pdf = path.join(dir, "estimate.jpg")
    fs.writeFileSync(pdf, "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")

    const page = await keptCmsPage()
    // Leaving the business entry the preview's test typed in is confirmed by openCms; the refusals come after.
    await openCms(page, url("/admin/#/collections/projects/new"))
    const dialogs: string[] = []
    page.on("dialog", dialog => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await fillProject(page, {
      title: "Retaining wall and steps from the drive",
      description:
        "Built a two-foot block-faced retaining wall along the drive with three poured steps up to the lawn.",
    })

    // The files the browser cannot open are refused in the first photo's media library, and nothing is kept.
    await page
      .getByRole("button", { name: /choose an image/i })
      .first()
      .click()
    for (const file of [heic, pdf]) {
      const count = dialogs.length
      await page.locator('input[type="file"]').setInputFiles(file)
      await waitUntil(() => dialogs.length === count + 1, `a refusal of ${path.basename(file)}`)
    }
    const kind = (file: string) => fileKind(new Uint8Array(fs.readFileSync(file).subarray(0, 64)))
    expect(dialogs).toEqual([refusalOf("IMG_2042.HEIC", kind(heic)), refusalOf("estimate.jpg", kind(pdf))])
    expect(dialogs[0]).toContain("Settings › Camera › Formats › Most Compatible")
    await page.keyboard.press("Escape")

    const before = photosIn()
    await addPhotos(page, [avif, screenshot, sideways])
    await publishProject(page, "retaining-wall-and-steps-from-the-drive")
    const added = [...photosIn()].filter(name => !before.has(name)).sort()
    const saved = Object.fromEntries(await Promise.all(added.map(async name => [name, await savedPhoto(name)])))
    expect(saved).toEqual({
      "img-2041.jpg": { format: "jpeg", width: PHOTO_MAX_WIDTH, height: 1500, exif: false, gps: false },
      "screenshot-2026-10-14-at-4-05-12-pm.jpg": { format: "jpeg", width: 1200, height: 800, exif: false, gps: false },
      "sideways.jpg": { format: "jpeg", width: 1200, height: 1600, exif: false, gps: false },
    })
    expect(dialogs).toHaveLength(2)
  })
})

describe("from the phone", () => {
  test("at 390 px with touch, the owner signs in, adds a project with a photo and publishes it", async () => {
    const photo = path.join(madeFolder(), "IMG_3107.jpg")
    await phonePhoto().withExif(GPS).jpeg({ quality: 90 }).toFile(photo)
    const job = {
      title: "Stamped walkway to the back gate",
      description:
        "Poured a curved four-foot walkway with an ashlar-slate stamp and a charcoal release to the back gate.",
    }

    const page = await cmsPage({ viewport: PHONE, hasTouch: true, isMobile: true })
    await page.goto(url("/admin/#/collections/projects/new"))
    await page.getByRole("button", { name: "Login" }).tap()
    await page.getByRole("button", { name: "Publish" }).waitFor()
    // Everything the owner needs is on the screen: nothing lies past its right edge.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width)

    const before = photosIn()
    await fillProject(page, job, true)
    await addPhotos(page, [photo], true)
    const project = await publishProject(page, "stamped-walkway-to-the-back-gate", true)
    expect(project).toMatchObject({
      title: job.title,
      service: services[0].slug,
      city: cities[0].slug,
      photos: [{ image: "projects/img-3107.jpg", alt: "Photo 1 of the job" }],
    })
    expect([...photosIn()].filter(name => !before.has(name))).toEqual(["img-3107.jpg"])
    expect(await savedPhoto("img-3107.jpg")).toMatchObject({ format: "jpeg", width: PHOTO_MAX_WIDTH, gps: false })
  })
})
