/*
 * The rules the content manager applies to a photo before it reaches the repository: the saved name is one the
 * build accepts, a file is known by its bytes whatever its name says, and a refusal tells the owner what to do.
 */
import sharp from "sharp"
import { fileKind, photoFileName, refusalOf } from "../src/lib/content/photo-upload"
import { PATTERNS } from "../src/lib/content/patterns"

const head = (bytes: Buffer) => new Uint8Array(bytes.subarray(0, 64))

/** The first bytes of an ISO media file of the given brands, as an iPhone's HEIC photo starts. */
const isoMedia = (major: string, compatible: string[]) => {
  const brands = Buffer.from([major, "\0\0\0\0", ...compatible].join(""), "latin1")
  const size = Buffer.alloc(4)
  size.writeUInt32BE(8 + brands.length)
  return Buffer.concat([size, Buffer.from("ftyp", "latin1"), brands, Buffer.alloc(32)])
}

describe("photoFileName", () => {
  test.each([
    ["Screenshot 2026-10-14 at 4.05.12\u202fPM.png", "screenshot-2026-10-14-at-4-05-12-pm.jpg"],
    ["IMG_2041.HEIC", "img-2041.jpg"],
    ["Patio – après.avif", "patio-apres.jpg"],
    ["  driveway\u00a0before (2).JPG", "driveway-before-2.jpg"],
    ["渋谷.png", "photo.jpg"],
  ])("%j is saved as %s, a name the build accepts", (original, saved) => {
    expect(photoFileName(original)).toBe(saved)
    expect(PATTERNS.photo.pattern.test(`projects/${saved}`)).toBe(true)
  })

  test("the build refuses the names it used to let through", () => {
    expect(PATTERNS.photo.pattern.test("projects/Screenshot 2026-10-14 at 4.05.12\u202fPM.png")).toBe(false)
    expect(PATTERNS.photo.pattern.test("projects/IMG_2041.JPG")).toBe(false)
  })
})

describe("fileKind", () => {
  const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#9c9184" } })

  test("knows the formats the site reads by their bytes", async () => {
    expect(fileKind(head(await image().jpeg().toBuffer()))).toBe("JPEG")
    expect(fileKind(head(await image().png().toBuffer()))).toBe("PNG")
    expect(fileKind(head(await image().webp().toBuffer()))).toBe("WebP")
    expect(fileKind(head(await image().avif().toBuffer()))).toBe("AVIF")
  })

  test("knows an iPhone's HEIC, a PDF renamed .jpg and anything else", () => {
    expect(fileKind(head(isoMedia("heic", ["mif1", "heic"])))).toBe("HEIC")
    expect(fileKind(head(isoMedia("mif1", ["heic"])))).toBe("HEIC")
    expect(fileKind(head(isoMedia("mif1", ["avif", "miaf"])))).toBe("AVIF")
    expect(fileKind(head(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj", "latin1")))).toBe("PDF")
    expect(fileKind(head(Buffer.from("Just some notes about the job", "latin1")))).toBe("unknown")
  })
})

describe("refusalOf", () => {
  test("tells the owner what to do with a HEIC photo and with a PDF", () => {
    expect(refusalOf("IMG_2041.HEIC", "HEIC")).toMatch(
      /^“IMG_2041\.HEIC” is an iPhone photo in HEIC format.*Settings › Camera › Formats › Most Compatible.*JPEG/,
    )
    expect(refusalOf("patio.jpg", "PDF")).toMatch(/^“patio\.jpg” is a PDF document, not a photo/)
    expect(refusalOf("notes.jpg", "unknown")).toBe(
      "“notes.jpg” is not a photo. Choose a JPEG, PNG, WebP or AVIF photo.",
    )
  })
})
