/*
 * Every photo the owner picks in the content manager passes here before Decap sees it. The file's bytes say what
 * it is; the browser decodes it, turned upright by its EXIF orientation, and it is written again as a JPEG at
 * most PHOTO_MAX_WIDTH wide, which carries no metadata (no GPS position, whatever the format it came in), under
 * a name in the build's own form. A file the browser cannot decode is refused with a sentence the owner can act
 * on, and Decap never receives it.
 *
 * Decap's media library reads the files of its <input type="file"> on the input's change event (React's onChange).
 * A listener on the window in the capture phase runs before React's: it holds the event back, makes the new file,
 * puts it in the input and sends the change again, which it lets through.
 */
import { fileKind, photoFileName, PHOTO_MAX_WIDTH, PHOTO_QUALITY, refusalOf } from "../../lib/content/photo-upload"

/** A photo ready for the repository, or the sentence that refuses it. */
export type Prepared = { file: File } | { refusal: string }

async function decoded(file: File): Promise<ImageBitmap | undefined> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" })
  } catch {
    return undefined
  }
}

const encoded = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      blob => (blob ? resolve(blob) : reject(new Error("the browser could not write the photo as JPEG"))),
      "image/jpeg",
      PHOTO_QUALITY,
    ),
  )

/** The photo as the repository gets it: upright, at most PHOTO_MAX_WIDTH wide, JPEG, no metadata. */
export async function preparePhoto(file: File): Promise<Prepared> {
  const kind = fileKind(new Uint8Array(await file.slice(0, 64).arrayBuffer()))
  const bitmap = await decoded(file)
  if (!bitmap) return { refusal: refusalOf(file.name, kind) }
  const scale = Math.min(1, PHOTO_MAX_WIDTH / bitmap.width)
  const canvas = document.createElement("canvas")
  canvas.width = Math.round(bitmap.width * scale)
  canvas.height = Math.round(bitmap.height * scale)
  const context = canvas.getContext("2d")
  if (!context) return { refusal: "This browser cannot draw photos here; open the content manager in another one." }
  // A transparent PNG would turn black as a JPEG: its clear parts become white, as on the page.
  context.fillStyle = "#fff"
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.imageSmoothingQuality = "high"
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  const blob = await encoded(canvas)
  return { file: new File([blob], photoFileName(file.name), { type: "image/jpeg", lastModified: file.lastModified }) }
}

/** The change events this module sends itself, which Decap must receive. */
const ours = new WeakSet<Event>()

async function onFileChosen(event: Event) {
  const input = event.target
  if (!(input instanceof HTMLInputElement) || input.type !== "file" || ours.has(event)) return
  const [file] = Array.from(input.files ?? [])
  if (!file) return
  event.stopImmediatePropagation()
  const prepared = await preparePhoto(file)
  if ("refusal" in prepared) {
    input.value = ""
    window.alert(prepared.refusal)
    return
  }
  const files = new DataTransfer()
  files.items.add(prepared.file)
  input.files = files.files
  const again = new Event("change", { bubbles: true })
  ours.add(again)
  input.dispatchEvent(again)
}

/** Puts every file chosen in the content manager through preparePhoto. */
export function guardPhotoUploads(target: Window = window) {
  target.addEventListener("change", event => void onFileChosen(event), true)
}
