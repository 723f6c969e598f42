/*
 * How hard the AVIF encoder works on each photo. gatsby-plugin-sharp 5 hands sharp's `avif()` only the
 * quality (its process-file.js), so `avifOptions: { effort }` in its defaults is dropped without a word and
 * every AVIF is encoded at sharp's default effort, 4. At 1100 px that is seconds per file, most of a photo's
 * cost; effort 3 takes about a fifth of the time for a file of the same quality within 0.4 dB and a few per
 * cent in size (docs/performance.md › Photos). gatsby-node.ts › onPreInit sets it before any image job runs:
 * Gatsby runs the jobs in its main process. A call that names an effort keeps its own.
 */
import sharp from "sharp"

export const AVIF_EFFORT = 3

interface SharpOutput {
  avif: (this: SharpOutput, options?: Record<string, unknown>) => SharpOutput
}

const PATCHED = Symbol.for("utah-concrete-site.avif-effort")

/** Makes `effort` the default of the sharp module gatsby-plugin-sharp loads (the one in node_modules). */
export function setAvifEffort(effort: number = AVIF_EFFORT): void {
  const proto = sharp.prototype as unknown as SharpOutput & { [PATCHED]?: number }
  if (typeof proto.avif !== "function") throw new Error("src/build-time/avif-effort.ts: sharp has no avif()")
  const patched = proto[PATCHED] !== undefined
  proto[PATCHED] = effort
  if (patched) return
  const avif = proto.avif
  proto.avif = function (options = {}) {
    return avif.call(this, { effort: proto[PATCHED], ...options })
  }
}
