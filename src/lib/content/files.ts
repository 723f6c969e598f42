/*
 * Reads every JSON file in data/ for validation. A syntax error becomes a content error naming the
 * file and the line, instead of a stack trace from deep inside the JSON transformer.
 */
import fs from "fs"
import path from "path"
import { isObject, parseContent } from "./entry"
import { CITIES_FOLDER, LIST_FILES, validateContent, type ContentError, type ContentFiles } from "./validation"

const REQUIRED_FILES = ["business.json", ...LIST_FILES]

/** The files a content directory holds: the fixed ones, then one per city in cities/. */
function contentFileNames(dir: string): { names: string[]; errors: ContentError[] } {
  const folder = path.join(dir, CITIES_FOLDER)
  const cities = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter(name => name.endsWith(".json"))
        .sort()
        .map(name => `${CITIES_FOLDER}${name}`)
    : []
  const errors: ContentError[] =
    cities.length > 0
      ? []
      : [
          {
            file: CITIES_FOLDER,
            entry: "(folder)",
            field: "(count)",
            message: "holds no city; the site needs at least one",
          },
        ]
  return { names: [...REQUIRED_FILES, ...cities], errors }
}

/** The line of a JSON syntax error: from Node's "position N", else from the snippet it quotes, else the end. */
const lineOf = (source: string, message: string): string => {
  const lineAt = (index: number) => ` (line ${source.slice(0, index).split("\n").length})`
  const position = /position (\d+)/.exec(message)
  if (position) return lineAt(Number(position[1]))
  // Node quotes the text around the bad token: Unexpected token ']', ..."onday",\n  ]"... is not valid JSON
  const quoted = /Unexpected token '([\s\S])', (?:\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON/.exec(message)
  if (quoted && source.includes(quoted[2])) return lineAt(source.indexOf(quoted[2]) + quoted[2].indexOf(quoted[1]))
  return lineAt(source.trimEnd().length)
}

export function readContentFiles(dir: string): { files: ContentFiles; errors: ContentError[] } {
  const files: ContentFiles = {}
  const { names, errors } = contentFileNames(dir)
  for (const file of names) {
    const fullPath = path.join(dir, file)
    if (!fs.existsSync(fullPath)) {
      errors.push({ file, entry: "(file)", field: "(root)", message: "the file is missing" })
      continue
    }
    const source = fs.readFileSync(fullPath, "utf8")
    try {
      files[file] = parseContent(source)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      errors.push({
        file,
        entry: "(file)",
        field: "(syntax)",
        message: `is not valid JSON${lineOf(source, message)}: ${message}`,
      })
    }
  }
  return { files, errors }
}

/** Reads and validates the content directory; returns every problem found. */
export function checkContentDirectory(dir: string, imagesDir: string): ContentError[] {
  const { files, errors } = readContentFiles(dir)
  if (errors.length > 0) return errors
  const problems = validateContent(files)
  // The pictures that entries name must exist in src/images/ (services' cards, counties' hero artwork).
  for (const [file, key] of [
    ["services.json", "services"],
    ["counties.json", "counties"],
  ] as const) {
    const content = files[file]
    const list = isObject(content) ? content[key] : undefined
    const entries = Array.isArray(list) ? list : []
    entries.forEach((entry: { slug?: unknown; image?: unknown }, index: number) => {
      if (typeof entry.image === "string" && !fs.existsSync(path.join(imagesDir, entry.image)))
        problems.push({
          file,
          entry: `#${index} "${String(entry.slug)}"`,
          field: "image",
          message: `src/images/${entry.image} does not exist`,
        })
    })
  }
  return problems
}
