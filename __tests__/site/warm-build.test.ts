/*
 * A warm build finishes its pages as a cold build would. The hosts keep .cache/ and public/ between builds,
 * and Gatsby then renders again only the pages whose code or data changed: the others stay in public/ as the
 * last build's final step left them. Here the final step (src/build-time/deploy) runs alone, on copies of
 * what Gatsby wrote for the tests' build (kept in .cache/ by that step): once as the first build, then again
 * after a content change (one page rendered anew with a new inline style, one page added, one removed, the
 * rest left finished), and the result must match, byte for byte, a cold run on the same content.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { builtPages, finishBuild, publicFiles, type BuildSettings } from "../../src/build-time/deploy/finish-build"
import { keptPagesDir } from "../../src/build-time/deploy/gatsby-pages"
import { pageDataPath } from "../../src/build-time/deploy/on-first-action"
import { adminPolicy } from "../../src/build-time/deploy/policy"
import { repoRoot, siteRoot } from "../support/site"

const settings: BuildSettings = {
  emailjsOrigin: "https://api.emailjs.com",
  adminPolicy: adminPolicy(),
  immutablePaths: ["/admin/decap-cms-1.0.0/*"],
}
const kept = keptPagesDir(path.dirname(siteRoot))
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "warm-build-"))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

/** A public/ as Gatsby leaves it before the last step: its files, `gatsby` pages, static/_headers. */
function gatsbyOutput(name: string, gatsby: Map<string, string>): string {
  const dir = path.join(scratch, name)
  // The photos play no part in the step; the root files (webpack's bundles and list of chunks) and the page data,
  // which name what each page's code fetches next, do.
  fs.cpSync(siteRoot, dir, { recursive: true, filter: from => !/[\\/]static$/.test(from) })
  for (const file of builtPages(publicFiles(dir))) fs.rmSync(path.join(dir, file))
  for (const [file, html] of gatsby) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), html)
  }
  fs.copyFileSync(path.join(repoRoot, "static/_headers"), path.join(dir, "_headers"))
  return dir
}

const ADDED = "growth-sample/index.html"
/** The data Gatsby writes for the page the content change adds (ADDED): a copy of the page `from`'s. */
function addedPageData(dir: string, from: string) {
  const data = (file: string) => path.join(dir, pageDataPath(file))
  fs.mkdirSync(path.dirname(data(ADDED)), { recursive: true })
  fs.copyFileSync(data(from), data(ADDED))
}

/** The finished pages and headers file of a public/. */
const finishedFiles = (dir: string) =>
  new Map(
    [...builtPages(publicFiles(dir)), "_headers"].map(file => [file, fs.readFileSync(path.join(dir, file), "utf8")]),
  )

test("a warm build after a content change gives the pages, policies and headers of a cold build", () => {
  const pages = builtPages(publicFiles(siteRoot))
  const first = new Map(pages.map(file => [file, fs.readFileSync(path.join(kept, file), "utf8")]))

  // The first build, from a clean state, keeping Gatsby's pages for the next.
  const warmKept = path.join(scratch, "kept")
  const warm = gatsbyOutput("warm", first)
  const firstResult = finishBuild(warm, { ...settings, keptPagesDir: warmKept })

  // The content changes: Gatsby renders one page anew (a new title, a new inline style), adds one, removes one.
  const [changed, removed] = pages.filter(file => file.includes("/")).slice(-2)
  const second = new Map(first)
  const rendered = (first.get(changed) ?? "").replace(/<h1([^>]*)>[^<]*/, '<h1$1 style="outline:0">A new title')
  expect(rendered).toContain('style="outline:0">A new title')
  second.set(changed, rendered)
  second.set(ADDED, rendered.replace("A new title", "A page more"))
  second.delete(removed)

  // The warm build: Gatsby writes only the changed and new pages, deletes the removed one, copies static/ again.
  for (const file of [changed, ADDED]) {
    fs.mkdirSync(path.dirname(path.join(warm, file)), { recursive: true })
    fs.writeFileSync(path.join(warm, file), second.get(file) ?? "")
  }
  addedPageData(warm, changed)
  fs.rmSync(path.join(warm, removed))
  fs.copyFileSync(path.join(repoRoot, "static/_headers"), path.join(warm, "_headers"))
  const warmResult = finishBuild(warm, { ...settings, keptPagesDir: warmKept })

  const cold = gatsbyOutput("cold", second)
  addedPageData(cold, changed)
  const coldResult = finishBuild(cold, { ...settings, keptPagesDir: path.join(scratch, "kept-cold") })

  expect(warmResult.policies).toEqual(coldResult.policies)
  expect(finishedFiles(warm)).toEqual(finishedFiles(cold))
  // The change reached the changed page's policy (its new style's hash), and only that page's.
  expect(warmResult.policies.get(changed)).not.toEqual(firstResult.policies.get(changed))
  const unchanged = pages.filter(file => file !== changed && file !== removed)
  expect(unchanged.filter(file => warmResult.policies.get(file) !== firstResult.policies.get(file))).toEqual([])
  // The removed page's kept copy is forgotten, the new one kept.
  expect(fs.existsSync(path.join(warmKept, removed))).toBe(false)
  expect(fs.readFileSync(path.join(warmKept, ADDED), "utf8")).toContain("A page more")
})

test("a finished page with no kept copy of Gatsby's is refused, not rewritten twice", () => {
  const [file] = builtPages(publicFiles(siteRoot))
  const dir = gatsbyOutput("refused", new Map([[file, fs.readFileSync(path.join(siteRoot, file), "utf8")]]))
  expect(() => finishBuild(dir, { ...settings, keptPagesDir: path.join(scratch, "empty") })).toThrow(
    "Keep .cache/ with public/ between builds",
  )
})
