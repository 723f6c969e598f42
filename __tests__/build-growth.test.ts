/**
 * @jest-environment node
 */
/*
 * What keeps the build in step with a growing site: the last step works from the pages as Gatsby wrote them
 * whichever build wrote them (gatsby-pages.ts), the build counts its files against the host's limit
 * (room-to-grow.ts), and the AVIF encoder works at the effort set for the build (avif-effort.ts).
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import sharp from "sharp"
import { AVIF_TUNE, isPhotograph, PHOTO_AVIF_EFFORT, setAvifEffort } from "../src/build-time/avif-effort"
import { forgetRemovedPages, gatsbyPage } from "../src/build-time/deploy/gatsby-pages"
import { policyMeta } from "../src/build-time/deploy/policy"
import {
  FILES_PER_PHOTO_BEFORE_ANY,
  HOST_FILE_LIMIT,
  photoSources,
  roomToGrow,
} from "../src/build-time/deploy/room-to-grow"

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-growth-"))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}

describe("gatsbyPage", () => {
  const gatsbys = "<html><head></head><body>Gatsby wrote this</body></html>"
  const finished = `<html><head>${policyMeta("default-src 'self'")}</head><body>finished</body></html>`

  it("keeps a page Gatsby has just written, and reads it back once the page is finished", () => {
    write("public/estimate/index.html", gatsbys)
    const kept = path.join(dir, "kept")
    expect(gatsbyPage(path.join(dir, "public"), "estimate/index.html", kept)).toBe(gatsbys)
    write("public/estimate/index.html", finished)
    expect(gatsbyPage(path.join(dir, "public"), "estimate/index.html", kept)).toBe(gatsbys)
  })

  it("takes a page Gatsby wrote anew over the copy kept from the build before", () => {
    const kept = path.join(dir, "kept")
    write("kept/index.html", gatsbys)
    write("public/index.html", gatsbys.replace("this", "this anew"))
    expect(gatsbyPage(path.join(dir, "public"), "index.html", kept)).toContain("this anew")
    expect(fs.readFileSync(path.join(kept, "index.html"), "utf8")).toContain("this anew")
  })

  it("refuses a finished page it has no copy of", () => {
    write("public/index.html", finished)
    expect(() => gatsbyPage(path.join(dir, "public"), "index.html", path.join(dir, "kept"))).toThrow(
      "Keep .cache/ with public/ between builds, or start clean: `npm run clean`",
    )
    expect(() => gatsbyPage(path.join(dir, "public"), "index.html")).toThrow("an earlier build already rewrote")
  })

  it("forgets the pages Gatsby no longer builds", () => {
    write("kept/index.html", gatsbys)
    write("kept/locations/lehi/index.html", gatsbys)
    forgetRemovedPages(path.join(dir, "kept"), ["index.html"])
    expect(fs.existsSync(path.join(dir, "kept/index.html"))).toBe(true)
    expect(fs.existsSync(path.join(dir, "kept/locations/lehi/index.html"))).toBe(false)
  })
})

describe("roomToGrow", () => {
  // Two jobs, three photos: each photo with four renditions, one job's cover with two more.
  const sources = { photos: ["patio-1.jpg", "patio-2.jpg", "wall.jpg"], projects: 2 }
  const renditions = sources.photos.flatMap(name =>
    ["a/b/704", "a/c/1100", "d/e/704", "d/f/1100"].map(at => `static/${at}/${path.parse(name).name}.avif`),
  )
  const files = (others: number) => [
    ...renditions,
    "static/g/h/wall.jpg",
    "static/g/i/wall.avif",
    ...Array.from({ length: others }, (_, index) => `page-${index}.html`),
  ]

  it("counts every file and the files each photo brings, its job's page and page data included", () => {
    const room = roomToGrow(files(100), sources)
    expect(room.files).toBe(114)
    expect(room.filesPerPhoto).toBeCloseTo((14 + 2 * 2) / 3)
    expect(room.photosLeft).toBe(Math.floor((HOST_FILE_LIMIT - 114) / room.filesPerPhoto))
    expect(room.warn).toBe(false)
    expect(room.message).toContain(`room for about ${room.photosLeft.toLocaleString("en-US")} more project photos`)
  })

  it("warns from three quarters of the limit, saying how many photos are left", () => {
    const room = roomToGrow(files(15_000), sources)
    expect(room.warn).toBe(true)
    expect(room.message).toContain("15,014 files of the 20,000")
    expect(room.message).toContain("docs/deploying.md › Room to grow")
    expect(roomToGrow(files(30_000), sources).photosLeft).toBe(0)
  })

  it("assumes a photo's usual cost before the site has any", () => {
    expect(roomToGrow(files(10), { photos: [], projects: 0 }).filesPerPhoto).toBe(FILES_PER_PHOTO_BEFORE_ANY)
  })

  it("finds the photos and projects in the content folders", () => {
    write("data/projects/patio.json", "{}")
    write("data/projects/wall.json", "{}")
    write("images/projects/patio-1.jpg", "")
    write("proof/images/projects/wall.jpg", "")
    const found = photoSources([path.join(dir, "data")], [path.join(dir, "images"), path.join(dir, "proof/images")])
    expect(found).toEqual({ photos: ["patio-1.jpg", "wall.jpg"], projects: 2 })
  })
})

describe("setAvifEffort", () => {
  const optionsOf = (image: ReturnType<typeof sharp>) =>
    (image as unknown as { options: { heifEffort: number; heifTune: string } }).options
  const effortOf = (image: ReturnType<typeof sharp>) => optionsOf(image).heifEffort
  const drawn = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })

  it("gives a photograph's AVIF the build's effort unless the call names its own, as gatsby-plugin-sharp's cannot", async () => {
    const [jpeg, png] = await Promise.all([drawn().jpeg().toBuffer(), drawn().png().toBuffer()])
    setAvifEffort()
    // gatsby-plugin-sharp reads each file and gives sharp its bytes.
    expect(effortOf(sharp(jpeg).clone().avif({ quality: 50 }))).toBe(PHOTO_AVIF_EFFORT)
    expect(effortOf(sharp(jpeg).avif({ quality: 50, effort: 7 }))).toBe(7)
    // The site's drawn artwork keeps sharp's default.
    expect(effortOf(sharp(png).avif({ quality: 50 }))).toBe(4)
    // Every AVIF is tuned as sharp 0.34 tuned it, unless the call names its own.
    expect(optionsOf(sharp(png).avif({ quality: 50 })).heifTune).toBe(AVIF_TUNE)
    expect(optionsOf(sharp(jpeg).avif({ quality: 50 })).heifTune).toBe(AVIF_TUNE)
    expect(optionsOf(sharp(png).avif({ tune: "psnr" })).heifTune).toBe("psnr")
    setAvifEffort(2)
    expect(effortOf(sharp(jpeg).avif())).toBe(2)
    setAvifEffort()
  })

  it("tells a photograph by its JPEG bytes or its file name", () => {
    expect(isPhotograph({ buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) })).toBe(true)
    expect(isPhotograph({ buffer: Buffer.from("\x89PNG") })).toBe(false)
    expect(isPhotograph({ file: "src/images/projects/patio.JPG" })).toBe(true)
    expect(isPhotograph({ file: "src/images/hero.png" })).toBe(false)
    expect(isPhotograph(undefined)).toBe(false)
  })
})

describe("the deploy build keeps the host's cache", () => {
  const root = path.resolve(__dirname, "..")
  const packageJson = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
  const toml = fs.readFileSync(path.join(root, "netlify.toml"), "utf8")

  it("starts from what the last build left, never from `gatsby clean`", () => {
    expect(packageJson.scripts.build).toMatch(/gatsby build$/)
    expect(packageJson.scripts.build).not.toMatch(/clean/)
  })

  it("has Netlify restore .cache/ and public/ before the build and save them after it", async () => {
    const plugin = toml.match(/\[\[plugins\]\]\n\s+package = "\.\/(.+)"/)?.[1] ?? "none"
    expect(fs.readFileSync(path.join(root, plugin, "manifest.yml"), "utf8")).toMatch(/^name: /m)
    const { onPreBuild, onPostBuild } = await import(path.join(root, plugin, "index.js"))
    const utils = { cache: { restore: jest.fn().mockResolvedValue(true), save: jest.fn().mockResolvedValue(true) } }
    await onPreBuild({ utils })
    expect(utils.cache.save).not.toHaveBeenCalled()
    await onPostBuild({ utils })
    expect(utils.cache.restore).toHaveBeenCalledWith([".cache", "public"])
    expect(utils.cache.save).toHaveBeenCalledWith([".cache", "public"])
  })
})
