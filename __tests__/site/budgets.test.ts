/*
 * Performance budgets that do not depend on the machine: what the first load of every built page
 * weighs on a phone, compressed as served, by the rules in __tests__/support/page-weight.ts: before the visitor
 * acts (the page's code waits for a first touch, key or focus), and with what that first action brings.
 * The site's own weight (markup, code, data, its artwork, eager photos) has one budget per page. The owner's
 * project photos that load lazily have one each instead: an owner may add twelve to a project and feature
 * three on the home page, and a phone fetches those only as the visitor scrolls toward them.
 * The timings (LCP, TBT) are measured by `npm run bench`, not here.
 */
import fs from "node:fs"
import path from "node:path"
import { firstLoad, pickCandidate, slotWidth, totalBytes, type Resource } from "../support/page-weight"
import { paths } from "../../src/lib/paths"
import { routes, siteRoot } from "../support/site"
import { services } from "../fixtures/content"
import { sampleProjects } from "../support/proof"

const KB = 1024
const PAGE_BUDGET = 150 * KB
const BEFORE_ACTION_BUDGET = 100 * KB
const SCRIPT_BUDGET = 100 * KB
const PHOTO_BUDGET = 60 * KB

const projectPhotos = new Set(
  sampleProjects.flatMap(project => project.photos.map(photo => path.parse(photo.image).name)),
)
const isProjectPhoto = (resource: Resource) =>
  resource.kind === "image" && projectPhotos.has(path.parse(resource.url).name)

const describeLoad = (resources: Resource[]) =>
  resources.map(resource => `  ${(resource.bytes / KB).toFixed(1)} KB ${resource.kind} ${resource.url}`).join("\n")

describe.each([...routes, "/404"])("the first load of %s", route => {
  const resources = firstLoad(route)

  it(`is at most ${BEFORE_ACTION_BUDGET / KB} KB before the visitor acts, every image counted, and no script`, () => {
    const load = resources.filter(resource => !resource.onAction)
    expect(load.filter(resource => resource.kind === "script")).toEqual([])
    const total = totalBytes(load)
    if (total > BEFORE_ACTION_BUDGET) throw new Error(`${(total / KB).toFixed(1)} KB:\n${describeLoad(load)}`)
  })

  it(`is at most ${PAGE_BUDGET / KB} KB compressed with the first action's code, images and fonts included`, () => {
    const own = resources.filter(resource => !(resource.lazy && isProjectPhoto(resource)))
    const total = totalBytes(own)
    if (total > PAGE_BUDGET) throw new Error(`${(total / KB).toFixed(1)} KB:\n${describeLoad(own)}`)
  })

  it(`loads each project photo at most ${PHOTO_BUDGET / KB} KB, the first on the screen eagerly`, () => {
    const photos = resources.filter(isProjectPhoto)
    expect(photos.filter(photo => photo.bytes > PHOTO_BUDGET)).toEqual([])
    // A project's own page shows its first photo at the top, which must not wait for the layout.
    if (sampleProjects.some(project => paths.project(project.slug) === route)) expect(photos[0]?.lazy).toBeUndefined()
  })

  it(`brings at most ${SCRIPT_BUDGET / KB} KB of JavaScript on the first action, Gatsby's runtime and React counted`, () => {
    const scripts = resources.filter(resource => resource.kind === "script")
    expect(scripts.every(script => script.onAction)).toBe(true)
    for (const bundle of [/^\/webpack-runtime-/, /^\/framework-/, /^\/app-/])
      expect(scripts.some(script => bundle.test(script.url))).toBe(true)
    const total = totalBytes(scripts)
    if (total > SCRIPT_BUDGET) throw new Error(`${(total / KB).toFixed(1)} KB:\n${describeLoad(scripts)}`)
  })

  it("loads no web font", () => {
    expect(resources.filter(resource => resource.kind === "font")).toEqual([])
  })
})

test("a phone's image is the smallest srcset candidate that fills its slot at its pixel ratio", () => {
  const sizes = "(min-width: 62em) 34rem, 92vw"
  expect(slotWidth(sizes)).toBeCloseTo(0.92 * 412)
  // 379 px at 1.75 needs 663 pixels: 680w is the first candidate that has them.
  expect(pickCandidate("/a.avif 340w, /b.avif 680w, /c.avif 1088w", sizes)).toBe("/b.avif")
  expect(pickCandidate("/a.avif 340w, /b.avif 600w", sizes)).toBe("/b.avif")
  expect(pickCandidate("/a.avif 1x, /b.avif 2x", null)).toBe("/b.avif")
})

test("the home page's images count as AVIF, the hero, every service card and the featured projects", () => {
  const images = firstLoad("/").filter(resource => resource.kind === "image" && !resource.url.endsWith(".svg"))
  const featured = Math.min(3, sampleProjects.filter(project => project.featured).length)
  expect(images).toHaveLength(services.length + 1 + featured)
  for (const image of images) expect(image.url).toMatch(/\.avif$/)
})

test("the browser bundles leave out Gatsby's Head API handler, which no page uses (plugins/browser-helmet)", () => {
  const scripts = firstLoad("/").filter(resource => resource.kind === "script")
  const read = (url: string) => fs.readFileSync(path.join(siteRoot, url), "utf8")
  expect(scripts.filter(script => read(script.url).includes("data-gatsby-head")).map(script => script.url)).toEqual([])
})
