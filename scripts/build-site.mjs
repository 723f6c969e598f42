/*
 * A production build as a preview, from a clean state (gatsby clean, then gatsby build), so the tests always
 * see a cold build; the deploy build (`npm run build`) keeps the cache (docs/deploying.md). SITE_PREVIEW=1
 * lets the launch check pass the placeholders in data/business.json. Without the business's EmailJS variables the form is
 * pointed at the local inbox, so the site's main job works on a fresh machine with no account.
 * SITE_SAMPLE_PROOF=1 (the test command) first makes the tests' sample projects, reviews and photos and
 * builds them in beside data/ (src/build-time/content-sources.ts); without it the build shows none.
 */
import { spawnSync } from "node:child_process"
import { buildEnv, usesLocalInbox, LOCAL_INBOX_ENV } from "./local-inbox-env.mjs"

if (usesLocalInbox())
  console.log(
    `No EmailJS variables set: the estimate form will send to the local inbox at ${LOCAL_INBOX_ENV.GATSBY_EMAILJS_ORIGIN}`,
  )

const env = { ...buildEnv(), GATSBY_TELEMETRY_DISABLED: "1", SITE_PREVIEW: "1" }
if (process.env.SITE_SAMPLE_PROOF === "1") {
  const made = spawnSync("node", ["__tests__/fixtures/proof/make-proof.mjs"], { stdio: "inherit", env })
  if (made.status !== 0) process.exit(made.status ?? 1)
}
const started = Date.now()
const clean = spawnSync("npx", ["gatsby", "clean"], { stdio: "inherit", env })
if (clean.status !== 0) process.exit(clean.status ?? 1)
const result = spawnSync("npx", ["gatsby", "build"], { stdio: "inherit", env })
console.log(`gatsby build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(result.status ?? 1)
