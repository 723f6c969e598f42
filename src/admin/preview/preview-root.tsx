/*
 * The preview pane's page, rendered by the site's own React into the pane's frame: the built pages it starts
 * from are loaded once per key, the site's template draws the page, and Emotion writes its styles into the
 * frame's <head> (the cache given). An entry the template cannot draw yet says so and draws again on the
 * next change.
 */
import { CacheProvider, css, type EmotionCache } from "@emotion/react"
import { Component, useEffect, useState, type ReactNode } from "react"
import { colors, HYDRATED_ATTRIBUTE, space } from "../../styles/theme"
import { StaticQueryData } from "./gatsby-shim"
import type { AssetUrl, EditorEntry, PagePreview } from "./preview-kind"

const note = css`
  margin: ${space.lg};
  color: ${colors.inkMuted};
`

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null }
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
  render() {
    if (this.state.error === null) return this.props.children
    return <p css={note}>The preview cannot draw this entry yet ({this.state.error}); it will as you go on.</p>
  }
}

export interface PreviewRootProps<Base> {
  preview: PagePreview<Base>
  entry: EditorEntry
  asset: AssetUrl
  cache: EmotionCache
}

/** The page itself, inside the boundary, so an entry the template cannot draw yet is caught there. */
function Drawn<Base>({ preview, base, entry, asset }: Omit<PreviewRootProps<Base>, "cache"> & { base: Base }) {
  const { element, staticData } = preview.page(base, entry, asset)
  return <StaticQueryData.Provider value={staticData}>{element}</StaticQueryData.Provider>
}

type Loaded<Base> = { key: string; base: Base } | { key: string; message: string }

export function PreviewRoot<Base>({ preview, entry, asset, cache }: PreviewRootProps<Base>) {
  const key = preview.key(entry)
  const [loaded, setLoaded] = useState<Loaded<Base>>()
  // The frame runs the page's code, as a built page does once hydrated: its menus are buttons, not the plain
  // links a page shows before its code loads (gatsby-browser.tsx marks a built page's <html> the same way).
  useEffect(() => {
    cache.sheet.container.ownerDocument?.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "")
  }, [cache])
  useEffect(() => {
    let current = true
    preview.load(entry).then(
      base => current && setLoaded(typeof base === "string" ? { key, message: base } : { key, base }),
      (error: Error) => current && setLoaded({ key, message: `The site's pages could not be read: ${error.message}` }),
    )
    return () => {
      current = false
    }
    // The entry is read when its key changes; a change of any other field only draws the page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preview, key])
  let content: ReactNode = <p css={note}>Loading the page as the site draws it…</p>
  if (loaded && "message" in loaded) content = <p css={note}>{loaded.message}</p>
  else if (loaded) content = <Drawn preview={preview} base={loaded.base} entry={entry} asset={asset} />
  return (
    <CacheProvider value={cache}>
      <Boundary key={JSON.stringify(entry.data)}>{content}</Boundary>
    </CacheProvider>
  )
}
