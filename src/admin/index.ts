/*
 * The content manager's own script, loaded on /admin/ after Decap's bundle (src/build-time/cms/admin-script.ts
 * bundles it): every photo is prepared before Decap saves it, the preview pane draws the site's own pages, and the
 * editor fits a phone's screen.
 * No public page loads it.
 */
import { fitPhoneScreens } from "./phone-layout"
import { guardPhotoUploads } from "./photos/photo-guard"
import { registerPreviews } from "./preview/register"

fitPhoneScreens()
guardPhotoUploads()
registerPreviews()
