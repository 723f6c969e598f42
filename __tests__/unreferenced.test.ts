/**
 * @jest-environment node
 */
/*
 * The build's clean-up of public/static/ (src/build-time/deploy/unreferenced.ts) on a public/ of its own: what a
 * page, page data or a bundle names stays, in every way Gatsby and webpack write an address; the rest goes,
 * with the folders it leaves empty. The real warm build is __tests__/site/deleted.test.ts.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { publicFiles } from "../src/build-time/deploy/finish-build"
import { removeUnreferencedFiles } from "../src/build-time/deploy/unreferenced"

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "unreferenced-"))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const write = (file: string, text = "") => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}

test("keeps every static file something names, and removes the rest with the folders left empty", () => {
  write(
    "projects/patio/index.html",
    '<img srcset="/static/a1/704/patio.avif 704w,/static/a1/1100/patio.avif 1100w" src="/static/a1/704/patio.jpg">',
  )
  write("page-data/projects/patio/page-data.json", '{"src":"/static/a1/1100/patio.jpg"}')
  write("app-1234.js", 'e.exports=n.p+"static/logo-5f3a.svg"')
  write("styles.css", "@font-face{src:url(/static/font-77.woff2)}")
  write("index.html", '<img src="/static/b2/704/front%20yard.jpg">')
  const kept = [
    "static/a1/704/patio.avif",
    "static/a1/1100/patio.avif",
    "static/a1/704/patio.jpg",
    "static/a1/1100/patio.jpg",
    "static/logo-5f3a.svg",
    "static/font-77.woff2",
    "static/b2/704/front yard.jpg",
  ]
  const gone = ["static/c3/704/removed-job.avif", "static/c3/1100/removed-job.jpg", "static/a1/704/old.jpg"]
  for (const file of [...kept, ...gone]) write(file)

  expect(removeUnreferencedFiles(dir, publicFiles(dir)).sort()).toEqual([...gone].sort())
  const left = publicFiles(dir)
  expect(kept.filter(file => !left.includes(file))).toEqual([])
  expect(fs.existsSync(path.join(dir, "static/c3"))).toBe(false)
  expect(fs.existsSync(path.join(dir, "static/a1/704"))).toBe(true)
})

test("a static file named only by another static file is not kept by it", () => {
  write("static/d4/704/orphan.jpg")
  write("static/notes.json", '{"src":"/static/d4/704/orphan.jpg"}')
  expect(removeUnreferencedFiles(dir, publicFiles(dir)).sort()).toEqual([
    "static/d4/704/orphan.jpg",
    "static/notes.json",
  ])
})
