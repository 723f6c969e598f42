/**
 * How many files the build publishes, against the most a host serves for one site: Cloudflare Pages' free
 * plan serves at most 20,000 (docs/deploying.md cites it). Nearly all the growth is the owner's project
 * photos, so the build says how many more photos fit, from what each photo cost this build: its image files,
 * and its share of its job's page and page data.
 */
import fs from "fs"
import path from "path"

export const HOST_FILE_LIMIT = 20_000
/** The share of the limit from which each build warns. */
export const WARN_SHARE = 0.75
/** Files a photo costs when the site has none yet to measure: its four images and a share of its job's six. */
export const FILES_PER_PHOTO_BEFORE_ANY = 5

export interface PhotoSources {
  /** The file names of the project photos in the content (projects/*.jpg under the image folders). */
  photos: string[]
  /** How many projects the content holds: each has its page and its page data. */
  projects: number
}

/** The project photos and projects in the content folders, as gatsby-config.ts reads them. */
export function photoSources(dataDirs: string[], imageDirs: string[]): PhotoSources {
  const namesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
  return {
    photos: imageDirs.flatMap(dir => namesIn(path.join(dir, "projects"))).filter(name => !name.startsWith(".")),
    projects: dataDirs.flatMap(dir => namesIn(path.join(dir, "projects"))).filter(name => name.endsWith(".json"))
      .length,
  }
}

export interface Room {
  files: number
  filesPerPhoto: number
  photosLeft: number
  message: string
  warn: boolean
}

/** `files`: every file under public/, as publicFiles lists them. */
export function roomToGrow(files: string[], { photos, projects }: PhotoSources, limit = HOST_FILE_LIMIT): Room {
  const stems = new Set(photos.map(name => path.parse(name).name))
  // gatsby-plugin-sharp names each rendition after its source: static/<hash>/<hash>/<name>.<format>.
  const photoFiles = files.filter(file => file.startsWith("static/") && stems.has(path.parse(file).name)).length
  const filesPerPhoto = stems.size > 0 ? (photoFiles + 2 * projects) / stems.size : FILES_PER_PHOTO_BEFORE_ANY
  const photosLeft = Math.max(0, Math.floor((limit - files.length) / filesPerPhoto))
  const warn = files.length >= limit * WARN_SHARE
  const message =
    `public/ holds ${files.length.toLocaleString("en-US")} files of the ${limit.toLocaleString("en-US")} ` +
    `Cloudflare Pages serves on its free plan: room for about ${photosLeft.toLocaleString("en-US")} more ` +
    `project photos at ${filesPerPhoto.toFixed(1)} files each` +
    (warn ? ". Plan for it now: docs/deploying.md › Room to grow." : ".")
  return { files: files.length, filesPerPhoto, photosLeft, message, warn }
}
