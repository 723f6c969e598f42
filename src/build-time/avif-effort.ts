/*
 * How hard the AVIF encoder works on photographs. gatsby-plugin-sharp 5 hands sharp's `avif()` only the
 * quality (its process-file.js), so `avifOptions: { effort }` in its defaults is dropped without a word and
 * every AVIF is encoded at sharp's default effort, 4. At 1100 px that is seconds per file, most of a photo's
 * cost; effort 3 takes about a fifth of the time for a picture within 0.4 dB (docs/performance.md › Photos and
 * growth). The plugin gives sharp the file's bytes, not its name, so a photograph is told by its JPEG bytes:
 * the content manager saves every photo as a JPEG. The site's drawn artwork (PNG), a fixed few files that
 * every page's weight budget counts, keeps effort 4, which makes them 5–10 % smaller. gatsby-node.ts ›
 * onPreInit sets this before any image job runs: Gatsby runs the jobs in its main process. A call that names
 * an effort keeps its own.
 *
 * Every AVIF, photograph or artwork, is also tuned for SSIM. sharp 0.35 tunes for "iq" by default, where 0.34
 * tuned for SSIM: on the home page's seven pictures at quality 50, iq made files 17 % larger (48.1 against
 * 41.1 KB) for the same PSNR (40.6 dB), and the home page's first load went over its budget; SSIM gives 0.35
 * the files 0.34 made (41.8 KB, 40.7 dB). A call that names a tune keeps its own.
 */
import sharp from "sharp"

export const PHOTO_AVIF_EFFORT = 3
/** What the AVIF encoder optimises for, as sharp 0.34 did by default (above). */
export const AVIF_TUNE = "ssim"

interface SharpInput {
  file?: unknown
  buffer?: unknown
}

/** A JPEG source, by its bytes (FF D8 FF) or, read from a file, by its name. */
export function isPhotograph(input: SharpInput | undefined): boolean {
  const { buffer, file } = input ?? {}
  if (ArrayBuffer.isView(buffer)) {
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, Math.min(3, buffer.byteLength))
    return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
  }
  return typeof file === "string" && /\.jpe?g$/i.test(file)
}

interface SharpOutput {
  avif: (this: SharpOutput, options?: Record<string, unknown>) => SharpOutput
  options?: { input?: SharpInput }
}

const PATCHED = Symbol.for("utah-concrete-site.avif-effort")

/** Makes `effort` the default for photographs, and AVIF_TUNE for every AVIF, in the sharp module gatsby-plugin-sharp loads. */
export function setAvifEffort(effort: number = PHOTO_AVIF_EFFORT): void {
  const proto = sharp.prototype as unknown as SharpOutput & { [PATCHED]?: number }
  if (typeof proto.avif !== "function") throw new Error("src/build-time/avif-effort.ts: sharp has no avif()")
  const patched = proto[PATCHED] !== undefined
  proto[PATCHED] = effort
  if (patched) return
  const avif = proto.avif
  proto.avif = function (options = {}) {
    const photograph = isPhotograph(this.options?.input)
    return avif.call(this, { tune: AVIF_TUNE, ...(photograph ? { effort: proto[PATCHED] } : {}), ...options })
  }
}
