import { Script } from "gatsby"
import { useEffect } from "react"
import { GOOGLE_TAG_ORIGIN, gtagId } from "../lib/estimate/config"
import { installGtag } from "../browser/estimate/conversion"

/**
 * Google's tag, when the build sets GATSBY_GTAG_ID: loaded by Gatsby's Script once the page is idle,
 * after it is interactive, so it takes nothing from the first load. Without the variable, nothing.
 */
export function GoogleTag() {
  const id = gtagId()
  useEffect(() => {
    if (id) installGtag(id)
  }, [id])
  if (!id) return null
  return <Script id="google-tag" src={`${GOOGLE_TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`} strategy="idle" />
}
