/*
 * Deleted means gone, on a real warm build. The tests' build (scripts/build-site.mjs with SITE_SAMPLE_PROOF=1)
 * first builds the samples with a job of two photos, a city and a replaced photo's old picture
 * (__tests__/fixtures/proof/removed-proof.mjs), lists every file that build made for them in removed.json, then
 * removes them and builds again on what the first build left, as the hosts do. None of those files may be left
 * in public/ and no file may name them, while every file the site still names is there.
 */
import fs from "node:fs"
import path from "node:path"
import { publicFiles } from "../../src/build-time/deploy/finish-build"
import { keptPagesDir } from "../../src/build-time/deploy/gatsby-pages"
import { namedStaticFiles } from "../../src/build-time/deploy/unreferenced"
import { paths } from "../../src/lib/paths"
import { PROOF_DIR } from "../support/proof"
import { siteRoot } from "../support/site"

interface RemovedContent {
  project: string
  photos: string[]
  city: string
  replaced: string
  /** What the first build made for them, relative to public/. */
  files: string[]
}

const removed: RemovedContent = JSON.parse(fs.readFileSync(path.join(PROOF_DIR, "removed.json"), "utf8"))
const files = publicFiles(siteRoot)
const pageFile = (route: string) => `${route.slice(1)}index.html`
const pageDataFile = (route: string) => `page-data/${route.slice(1)}page-data.json`
const imagesOf = (list: string[], photo: string) =>
  list.filter(file => file.startsWith("static/") && path.parse(file).name === path.parse(photo).name)

test("the first build made the removed job's and city's page and page data, and images of every photo", () => {
  for (const route of [paths.project(removed.project), paths.city(removed.city)])
    expect(removed.files).toEqual(expect.arrayContaining([pageFile(route), pageDataFile(route)]))
  for (const photo of [...removed.photos, removed.replaced]) {
    const images = imagesOf(removed.files, photo)
    expect(images.map(file => path.extname(file)).sort()).toEqual(expect.arrayContaining([".avif", ".jpg"]))
  }
})

test("after the warm build none of those files is left in public/, nor a kept copy of their pages", () => {
  expect(removed.files.filter(file => files.includes(file))).toEqual([])
  const kept = keptPagesDir(path.dirname(siteRoot))
  const keptPages = [paths.project(removed.project), paths.city(removed.city)].map(pageFile)
  expect(keptPages.filter(file => fs.existsSync(path.join(kept, file)))).toEqual([])
})

test("the replaced photo is published as it is now, from new files", () => {
  const now = imagesOf(files, removed.replaced)
  expect(now.length).toBeGreaterThan(0)
  expect(now.filter(file => removed.files.includes(file))).toEqual([])
})

test("no file left names the removed job, city or photos", () => {
  const names = [removed.project, removed.city, ...removed.photos.map(photo => path.parse(photo).name)]
  const naming = files
    .filter(file => /\.(html|json|xml|txt|js)$/.test(file) && !file.startsWith("admin/"))
    .filter(file => {
      const text = fs.readFileSync(path.join(siteRoot, file), "utf8")
      return names.some(name => text.includes(name))
    })
  expect(naming).toEqual([])
})

test("every file under static/ that the site names is there: the clean-up took nothing in use", () => {
  const named = [...namedStaticFiles(siteRoot, files)].filter(address => /\.\w+$/.test(address))
  expect(named.length).toBeGreaterThan(0)
  const present = new Set(files)
  expect(
    named.filter(address => !present.has(`static/${address}`) && !present.has(decodeURI(`static/${address}`))),
  ).toEqual([])
})
