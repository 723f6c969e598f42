/*
 * Hands the previews to Decap. Decap draws a preview template with its own React (19, inside its bundle), so
 * the template it gets is a component of its own kind (its global createClass and h) that renders an empty
 * <div>; the site's React 18 then renders the page into that <div> with createRoot, and draws it again each
 * time Decap passes the edited entry.
 */
import type { EmotionCache } from "@emotion/cache"
import { createElement } from "react"
import { createRoot, type Root } from "react-dom/client"
import { createSiteCache } from "../../lib/gathered-styles"
import { businessPreview } from "./business-preview"
import { cityPreview } from "./city-preview"
import type { PagePreview } from "./preview-kind"
import { PreviewRoot } from "./preview-root"
import { projectPreview } from "./project-preview"
import { servicePagesPreview } from "./service-pages-preview"

/** The little of an Immutable.js map this reads. */
interface ImmutableMap {
  get: (key: string) => unknown
}

/** The props Decap gives a preview template. */
interface DecapPreviewProps {
  entry: ImmutableMap
  getAsset: (value: string) => { toString: () => string } | undefined
  document: Document
}

/** One instance of the template Decap renders: its <div>, and the site's root in it. */
interface Instance {
  props: DecapPreviewProps
  container?: HTMLDivElement | null
  root?: Root
}

interface DecapGlobals {
  CMS: { registerPreviewTemplate: (name: string, template: unknown) => void }
  createClass: (spec: Record<string, unknown>) => unknown
  h: (type: string, props: Record<string, unknown>) => unknown
}

/** A preview whose built pages only it reads: each keeps its own type inside. */
const erased = <Base>(preview: PagePreview<Base>) => preview as unknown as PagePreview<unknown>

/** Decap's collection or file name, and the page that previews it (the names config.ts gives them). */
export const PREVIEWS: Record<string, PagePreview<unknown>> = {
  business: erased(businessPreview),
  "service-pages": erased(servicePagesPreview),
  cities: erased(cityPreview),
  projects: erased(projectPreview),
}

// One cache per frame: Emotion writes the site's styles into the <head> of the frame it draws in.
const caches = new WeakMap<Document, EmotionCache>()
function cacheFor(frame: Document) {
  let cache = caches.get(frame)
  if (!cache) {
    cache = createSiteCache(frame.head)
    caches.set(frame, cache)
  }
  return cache
}

function draw(instance: Instance, preview: PagePreview<unknown>) {
  if (!instance.container) return
  instance.root ??= createRoot(instance.container)
  const { entry, getAsset, document } = instance.props
  const data = entry.get("data") as { toJS: () => Record<string, unknown> } | undefined
  instance.root.render(
    createElement(PreviewRoot<unknown>, {
      preview,
      entry: { slug: String(entry.get("slug") ?? ""), data: data?.toJS() ?? {} },
      asset: value => getAsset(value)?.toString() ?? "",
      cache: cacheFor(document),
    }),
  )
}

export function registerPreviews() {
  const { CMS, createClass, h } = window as unknown as DecapGlobals
  for (const [name, preview] of Object.entries(PREVIEWS))
    CMS.registerPreviewTemplate(
      name,
      createClass({
        componentDidMount(this: Instance) {
          draw(this, preview)
        },
        componentDidUpdate(this: Instance) {
          draw(this, preview)
        },
        componentWillUnmount(this: Instance) {
          const root = this.root
          // Not inside Decap's commit: the site's React unmounts its own tree once Decap's has finished.
          setTimeout(() => root?.unmount(), 0)
        },
        render(this: Instance) {
          return h("div", { ref: (element: HTMLDivElement | null) => (this.container = element) })
        },
      }),
    )
}
