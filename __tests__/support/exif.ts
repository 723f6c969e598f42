/*
 * Whether an image carries a GPS position: the EXIF block sharp reads from a JPEG, PNG, WebP or AVIF file,
 * walked to its first directory (IFD0) for the pointer to the GPS directory (tag 0x8825).
 */
import sharp from "sharp"

const GPS_POINTER = 0x8825

export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false
  // sharp gives the block with its "Exif\0\0" prefix; the TIFF header follows.
  const start = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0
  const tiff = exif.subarray(start)
  const little = tiff.subarray(0, 2).toString("latin1") === "II"
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd = u32(4)
  const entries = u16(ifd)
  for (let index = 0; index < entries; index += 1) if (u16(ifd + 2 + index * 12) === GPS_POINTER) return true
  return false
}

/** The EXIF facts of an image file that matter here: any EXIF at all, and a GPS position in it. */
export async function locationIn(file: string): Promise<{ exif: boolean; gps: boolean }> {
  const { exif } = await sharp(file).metadata()
  return { exif: Boolean(exif), gps: exifHasGps(exif) }
}
