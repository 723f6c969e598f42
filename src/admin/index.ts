/*
 * The content manager's own script, loaded on /admin/ before Decap's bundle (src/build-time/cms/admin.ts ›
 * adminPage; src/build-time/cms/admin-script.ts bundles it): every photo is prepared before Decap saves it, the
 * preview pane draws the site's own pages, the editor fits a phone's screen, and a banner follows each publish
 * until it is live (live-banner.ts, with the build's settings).
 * Decap draws an open entry's preview once, with the templates registered by then: a template that comes later
 * leaves Decap's bare list of fields in the pane until the owner types. So this script holds Decap's start
 * (Decap reads CMS_MANUAL_INIT when its bundle runs, after this one) and starts it once the previews are
 * registered. Should this script not arrive, Decap's bundle starts itself, without the previews.
 * No public page loads it.
 */
import { watchPublishes, type LiveBannerSettings } from "./live-banner"
import { fitPhoneScreens } from "./phone-layout"
import { guardPhotoUploads } from "./photos/photo-guard"
import { registerPreviews } from "./preview/register"
import { watchSignInExpiry } from "./sign-in-again"

/** Set by the build (src/build-time/cms/admin-script.ts › buildAdminScript). */
declare const LIVE_BANNER_SETTINGS: LiveBannerSettings

const decap = window as unknown as { CMS_MANUAL_INIT?: boolean; CMS?: { init: () => void } }
decap.CMS_MANUAL_INIT = true

fitPhoneScreens()
guardPhotoUploads()

/**
 * A GitHub App's sign-in ends after 8 hours: a notice says so ahead of time, and Sign in again reloads /admin/
 * with the new token, where Decap offers back the unsaved edit it keeps on this device.
 */
function watchSignIn() {
  const notices = document.createElement("div")
  notices.id = "sign-in-notices"
  // Above Decap's own screens, at the foot of the window, where no toolbar of Decap's sits.
  Object.assign(notices.style, { position: "fixed", insetInline: "0", bottom: "0", zIndex: "1000" })
  document.body.prepend(notices)
  watchSignInExpiry(notices, () => window.location.reload())
}

/** After Decap's bundle has run (it defines the CMS global): the previews, then Decap's start, then the banner. */
function startDecap() {
  const cms = decap.CMS
  if (!cms) return
  try {
    registerPreviews()
  } finally {
    cms.init()
  }
  watchPublishes(window, LIVE_BANNER_SETTINGS)
}

if (document.readyState === "loading")
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      watchSignIn()
      startDecap()
    },
    { once: true },
  )
else {
  watchSignIn()
  startDecap()
}
