/*
 * Reads every JSON file in data/ for validation. A syntax error becomes a content error naming the
 * file and the line, instead of a stack trace from deep inside the JSON transformer.
 */
import fs from "fs"
import path from "path"
import { isObject, parseContent } from "../../lib/content/entry"
import { FOLDER_TYPES, SITE_FILE } from "../../lib/content/schemas"
import { LIST_FILES, validateContent, type ContentError, type ContentFiles } from "./validation"

const REQUIRED_FILES = [SITE_FILE.file, ...LIST_FILES]

/** The largest photo the build accepts, as the content manager's upload limit says: 25 MB. */
export const MAX_PHOTO_BYTES = 25 * 1000 * 1000

/** The files a content directory holds: the fixed ones, then one per entry of each folder (cities/, projects/ …). */
function contentFileNames(dir: string): { names: string[]; errors: ContentError[] } {
  const names = [...REQUIRED_FILES]
  const errors: ContentError[] = []
  for (const { folder, required, noun } of FOLDER_TYPES) {
    const full = path.join(dir, folder)
    const inFolder = fs.existsSync(full)
      ? fs
          .readdirSync(full)
          .filter(name => name.endsWith(".json"))
          .sort()
          .map(name => `${folder}${name}`)
      : []
    if (required && inFolder.length === 0)
      errors.push({
        file: folder,
        entry: "(folder)",
        field: "(count)",
        message: `holds no ${noun}; the site needs at least one`,
      })
    names.push(...inFolder)
  }
  return { names, errors }
}

// The first bytes of the formats the image pipeline reads.
const SIGNATURES: [string, (head: Buffer) => boolean][] = [
  ["JPEG", head => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff],
  ["PNG", head => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ["WebP", head => head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP"],
  ["AVIF", head => head.toString("latin1", 4, 8) === "ftyp" && /^avi[fs]$/.test(head.toString("latin1", 8, 12))],
]

/** Why a project's photo cannot be published, or nothing when it can. */
export function photoProblem(file: string): string | undefined {
  if (!fs.existsSync(file)) return "does not exist"
  const { size } = fs.statSync(file)
  if (size > MAX_PHOTO_BYTES)
    return `is ${(size / 1e6).toFixed(1)} MB; a photo may be at most ${MAX_PHOTO_BYTES / 1e6} MB`
  const head = Buffer.alloc(12)
  const descriptor = fs.openSync(file, "r")
  fs.readSync(descriptor, head, 0, 12, 0)
  fs.closeSync(descriptor)
  if (!SIGNATURES.some(([, matches]) => matches(head)))
    return "is not a JPEG, PNG, WebP or AVIF image (a phone's HEIC photo must be saved as JPEG first)"
  return undefined
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

/**
 * Reads the content of `dir`, and the folders' entries of any `more` directories beside it (the tests'
 * sample projects and reviews).
 */
export function readContentFiles(dir: string, more: string[] = []): { files: ContentFiles; errors: ContentError[] } {
  const files: ContentFiles = {}
  const { names, errors } = contentFileNames(dir)
  const located = names.map(file => [file, path.join(dir, file)])
  for (const extra of more)
    for (const { folder } of FOLDER_TYPES) {
      const full = path.join(extra, folder)
      if (!fs.existsSync(full)) continue
      for (const name of fs
        .readdirSync(full)
        .filter(each => each.endsWith(".json"))
        .sort())
        located.push([`${folder}${name}`, path.join(full, name)])
    }
  for (const [file, fullPath] of located) {
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

/** Reads and validates the content directories (data/ first); returns every problem found. */
export function checkContentDirectory(dirs: string | string[], imagesDirs: string | string[]): ContentError[] {
  const [dir, ...more] = typeof dirs === "string" ? [dirs] : dirs
  const pictureDirs = typeof imagesDirs === "string" ? [imagesDirs] : imagesDirs
  const imagesDir = pictureDirs[0]
  const { files, errors } = readContentFiles(dir, more)
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
  // A project's photos: present, an image the pipeline reads, and within the upload limit.
  for (const [file, content] of Object.entries(files)) {
    if (!file.startsWith("projects/") || !isObject(content) || !Array.isArray(content.photos)) continue
    content.photos.forEach((photo: { image?: unknown }, index: number) => {
      if (typeof photo?.image !== "string") return
      const image = photo.image
      const found = pictureDirs.map(each => path.join(each, image)).find(each => fs.existsSync(each))
      const problem = photoProblem(found ?? path.join(imagesDir, image))
      if (problem)
        problems.push({
          file,
          entry: `"${file.slice("projects/".length, -".json".length)}"`,
          field: `photos[${index}].image`,
          message: `src/images/${photo.image} ${problem}`,
        })
    })
  }
  return problems
}
