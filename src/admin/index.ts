/*
 * The content manager's own script, loaded on /admin/ after Decap's bundle (src/build-time/cms/admin-script.ts
 * bundles it): every photo is prepared before Decap saves it, and the preview pane draws the site's own pages.
 * No public page loads it.
 */
import { guardPhotoUploads } from "./photos/photo-guard"
import { registerPreviews } from "./preview/register"

guardPhotoUploads()
registerPreviews()
