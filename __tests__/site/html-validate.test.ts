/*
 * html-validate's recommended rules (with the settings and reasons in .htmlvalidate.mjs) over every built
 * page; run by hand with `npx html-validate public/index.html`.
 */
import { spawnSync } from "node:child_process"
import { htmlFile, readPage, repoRoot, routes } from "../support/site"

interface Message {
  ruleId: string
  message: string
  line: number
  column: number
}

const pages = [...routes, "/404"]
const files = pages.map(htmlFile)

// html-validate is an ES module and reads .htmlvalidate.mjs; Jest runs CommonJS, so a child Node validates
// the pages with html-validate's own API and prints only what the checks need.
const program = `
  import { FileSystemConfigLoader, HtmlValidate } from "html-validate"
  const validator = new HtmlValidate(new FileSystemConfigLoader())
  const files = JSON.parse(process.argv[1])
  const results = []
  for (const file of files) {
    const report = await validator.validateFile(file)
    const messages = report.results.flatMap(result => result.messages)
    results.push({ file, messages: messages.map(({ ruleId, message, line, column }) => ({ ruleId, message, line, column })) })
  }
  process.stdout.write(JSON.stringify(results))
`
const run = spawnSync(process.execPath, ["--input-type=module", "-e", program, JSON.stringify(files)], {
  cwd: repoRoot,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
const results: { file: string; messages: Message[] }[] = run.status === 0 ? JSON.parse(run.stdout) : []

test("html-validate ran over every page", () => {
  expect(run.stderr).toBe("")
  expect(run.status).toBe(0)
  expect(results.map(result => result.file)).toEqual(files)
})

test.each(pages)("%s passes html-validate", route => {
  const report = results.find(result => result.file === htmlFile(route))
  const problems = (report?.messages ?? []).map(
    ({ ruleId, message, line, column }) => `${ruleId} at ${line}:${column}: ${message}`,
  )
  expect(problems).toEqual([])
})

test.each(pages)("every image on %s has a text alternative, empty only when it is decoration", route => {
  const document = readPage(route)
  for (const image of Array.from(document.querySelectorAll("img"))) {
    expect(image.hasAttribute("alt")).toBe(true)
    if (image.getAttribute("alt") === "") expect(image.closest("a, button")).toBeNull()
  }
  for (const svg of Array.from(document.querySelectorAll("svg")))
    expect(svg.getAttribute("aria-hidden") === "true" || svg.getAttribute("role") === "img").toBe(true)
})

test("the home page has the sections the header and other pages link to", () => {
  const document = readPage("/")
  for (const id of ["faq", "estimate", "services"]) expect(document.getElementById(id)).not.toBeNull()
})
