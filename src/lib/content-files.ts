/*
 * Reads every JSON file in data/ for validation. A syntax error becomes a content error naming the
 * file and the line, instead of a stack trace from deep inside the JSON transformer.
 */
import fs from "fs"
import path from "path"
import { LIST_FILES, validateContent, type ContentError, type ContentFiles } from "./content-validation"

const REQUIRED_FILES = ["business.json", ...LIST_FILES]

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
  const errors: ContentError[] = []
  for (const file of REQUIRED_FILES) {
    const fullPath = path.join(dir, file)
    if (!fs.existsSync(fullPath)) {
      errors.push({ file, entry: "(file)", field: "(root)", message: "the file is missing" })
      continue
    }
    const source = fs.readFileSync(fullPath, "utf8")
    try {
      files[file] = JSON.parse(source)
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
  for (const file of ["services.json", "counties.json"]) {
    const entries = Array.isArray(files[file]) ? files[file] : []
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
