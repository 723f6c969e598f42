/*
 * What the content manager does with a photo before it reaches the repository, as plain rules: the name it is
 * saved under (the build's own form, PATTERNS.slug, so the build never refuses it), what the file's first bytes
 * say it is, and the sentence that refuses a file the browser cannot open. The browser side
 * (src/admin/photos/) decodes and re-encodes; the build's check (files.ts › photoProblem) stays the last guard.
 */
/** The widest a saved photo is: the largest rendition the site draws is 1100 px, with room for a sharper one. */
export const PHOTO_MAX_WIDTH = 2000

/** The JPEG quality of a saved photo: about 1 MB for a 12-megapixel phone photo at 2000 px. */
export const PHOTO_QUALITY = 0.85

/** The extension every saved photo gets: the editor writes JPEG whatever it was given. */
export const PHOTO_EXTENSION = "jpg"

/**
 * The name a photo is saved under: its own name in lower case, accents dropped, every run of anything but a
 * letter or a digit (spaces of every kind, macOS's narrow no-break space before PM, dots, underscores) made one
 * hyphen. "Screenshot 2026-10-14 at 4.05.12 PM.png" → "screenshot-2026-10-14-at-4-05-12-pm.jpg".
 */
export function photoFileName(original: string): string {
  const stem = original.replace(/\.[^.]*$/, "")
  const words = stem
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  return `${words || "photo"}.${PHOTO_EXTENSION}`
}

export type FileKind = "JPEG" | "PNG" | "WebP" | "AVIF" | "HEIC" | "GIF" | "TIFF" | "BMP" | "PDF" | "unknown"

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

/** The ISO media file's brands (HEIC and AVIF share the container): the major one and the compatible ones. */
function brandsOf(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return []
  const size = Math.min(bytes.length, (bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3])
  const brands = [ascii(bytes, 8, 12)]
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4))
  return brands
}

/** What a file is, from its first bytes (at least 32 of them), whatever its name says. */
export function fileKind(bytes: Uint8Array): FileKind {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value)
  if (starts(0xff, 0xd8, 0xff)) return "JPEG"
  if (starts(0x89, 0x50, 0x4e, 0x47)) return "PNG"
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "WebP"
  if (ascii(bytes, 0, 4) === "GIF8") return "GIF"
  if (ascii(bytes, 0, 4) === "II*\0" || ascii(bytes, 0, 4) === "MM\0*") return "TIFF"
  if (ascii(bytes, 0, 2) === "BM") return "BMP"
  if (ascii(bytes, 0, 5) === "%PDF-") return "PDF"
  const brands = brandsOf(bytes)
  if (brands.some(brand => brand === "avif" || brand === "avis")) return "AVIF"
  if (brands.some(brand => /^(?:heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand))) return "HEIC"
  return "unknown"
}

/**
 * Why a file the browser could not open is refused, in words the owner can act on. `name` is the file's own
 * name, `kind` what its bytes say it is.
 */
export function refusalOf(name: string, kind: FileKind): string {
  const file = `“${name}”`
  switch (kind) {
    case "HEIC":
      return (
        `${file} is an iPhone photo in HEIC format, which this browser cannot open. On the iPhone, choose ` +
        "Settings › Camera › Formats › Most Compatible: from then on it takes JPEG photos. Convert this one to " +
        "JPEG (on a Mac: open it in Preview, File › Export, Format JPEG) and choose it again."
      )
    case "PDF":
      return (
        `${file} is a PDF document, not a photo, whatever its name says. Choose a photo (JPEG, PNG, WebP or ` +
        "AVIF); for a picture inside a PDF, save it as a JPEG first."
      )
    case "unknown":
      return `${file} is not a photo. Choose a JPEG, PNG, WebP or AVIF photo.`
    default:
      return (
        `${file} is a ${kind} image, which this browser could not open. Save it again as a JPEG (photo apps ` +
        "offer it under Export or Save As) and choose that."
      )
  }
}
