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
import type { FrameLocator, Page } from "playwright-core"
import sharp from "sharp"
import { SAMPLE_PROOF_DIR } from "../../src/build-time/content-sources"
import { PHOTO_MAX_WIDTH } from "../../src/lib/content/photo-upload"
import { paths } from "../../src/lib/paths"
import { cities, servicePages } from "../fixtures/content"
import { exifHasGps } from "../support/exif"
import { repoRoot } from "../support/site"
import { choose, openCms, publish, runLocalBackendForFile } from "./cms-support"
import { PHONE, setUpBrowser } from "./support"

jest.setTimeout(180_000)

const { url, newPage, open } = setUpBrowser()

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

/** What the preview and the built page must share: the heading, the header's phone, the first photo, styles. */
async function pageFacts(root: Page | FrameLocator) {
  const heading = root.locator("h1").first()
  const phone = root.locator('header a[href^="tel:"]').first()
  const photo = root.locator("main picture img").first()
  const hasPhoto = (await photo.count()) > 0
  return {
    heading: (await heading.innerText()).trim(),
    phone: (await phone.textContent())?.replace(/\s+/g, " ").trim(),
    photo: hasPhoto ? await photo.getAttribute("src") : null,
    headingStyle: await heading.evaluate(element => {
      const style = getComputedStyle(element)
      return [style.fontFamily, style.fontWeight, style.color].join(" · ")
    }),
    headerBackground: await root.locator("header").first().evaluate(element => getComputedStyle(element).backgroundColor),
  }
}

/** The preview pane's page, once the site's template has drawn it. */
async function previewOf(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator("iframe").first()
  await frame.locator("main h1").first().waitFor()
  return frame
}

async function builtFacts(pathname: string) {
  const page = await newPage()
  await open(page, pathname)
  return pageFacts(page)
}

describe("the preview pane", () => {
  test("draws a city, a service page, a project and the business's facts as the built pages show them", async () => {
    const city = cities[0]
    const servicePage = servicePages[0]
    const project = sampleProjects[0].replace(/\.json$/, "")
    const editor = await newPage()
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

    // The pane follows the entry as it is typed: the new phone is in the header at once.
    await editor.getByLabel("Phone", { exact: true }).fill("(385) 555-0168")
    const frame = await previewOf(editor)
    await expect(frame.locator('header a[href^="tel:"]').first().innerText()).resolves.toContain("(385) 555-0168")
  })
})
