/*
 * The Leads view as an app on the owner's Home Screen: the files beside its page in /admin/leads/, named once
 * for the build that writes them (src/build-time/cms/leads-app.ts) and the page that uses them (notify-phone.ts).
 * Each name is relative to the page's folder, which is also the service worker's scope, so nothing of the app
 * reaches the public site.
 */
export const SERVICE_WORKER_FILE = "sw.js"
export const MANIFEST_FILE = "manifest.webmanifest"
export const ICON_SIZES = [192, 512] as const
export const iconFile = (size: number) => `icon-${size}.png`
