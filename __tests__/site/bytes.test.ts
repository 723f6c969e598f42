/*
 * Every text file the build writes, read as bytes: no NUL (React 18's streaming renderer leaves some before a
 * character of several bytes, src/build-time/deploy/page-bytes.ts) and nothing that is not UTF-8. A browser shows
 * such a page, but a validator stops at it and a search engine may drop the text around it.
 */
import fs from "node:fs"
import path from "node:path"
import { siteRoot } from "../support/site"

const TEXT = /\.(html|json|js|css|xml|txt|svg|webmanifest)$|(^|\/)_(headers|redirects)$/

const textFiles = fs
  .readdirSync(siteRoot, { recursive: true, withFileTypes: true })
  .filter(entry => entry.isFile())
  .map(entry => path.relative(siteRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
  .filter(file => TEXT.test(file))

const utf8 = new TextDecoder("utf-8", { fatal: true })

test("the build wrote its pages and their data as text files", () => {
  expect(textFiles).toContain("index.html")
  expect(textFiles.filter(file => file.endsWith(".html")).length).toBeGreaterThan(40)
})

test("no file the build writes holds a NUL byte or bytes that are not UTF-8", () => {
  const broken = textFiles.filter(file => {
    const bytes = fs.readFileSync(path.join(siteRoot, file))
    if (bytes.includes(0)) return true
    try {
      utf8.decode(bytes)
      return false
    } catch {
      return true
    }
  })
  expect(broken).toEqual([])
})
