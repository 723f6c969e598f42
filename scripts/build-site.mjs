/*
 * A production build as a preview, from a clean state (gatsby clean, then gatsby build); the deploy build
 * (`npm run build`) keeps the cache (docs/deploying.md). SITE_PREVIEW=1 lets the launch check pass the
 * placeholders in data/business.json. Without the business's EmailJS variables the form is pointed at the
 * EmailJS stand-in, so the site's main job works on a fresh machine with no account.
 * SITE_SAMPLE_PROOF=1 (the test command) first makes the tests' sample projects, reviews and photos and
 * builds them in beside data/ (src/build-time/content-sources.ts); without it the build shows none. It then
 * builds twice, as a host publishes a deletion: the first, cold build also holds a job, a city and a photo
 * the owner then removes or replaces (__tests__/fixtures/proof/removed-proof.mjs), the second runs warm on
 * what the first left, without them, and is the build the tests check.
 */
import fs from "node:fs"
import { spawnSync } from "node:child_process"
import { buildEnv, usesStandIn, STAND_IN_ENV } from "./emailjs-stand-in-env.mjs"

if (usesStandIn())
  console.log(
    `No EmailJS variables set: the estimate form will send to the EmailJS stand-in at ${STAND_IN_ENV.GATSBY_EMAILJS_ORIGIN}`,
  )

const env = { ...buildEnv(), GATSBY_TELEMETRY_DISABLED: "1", SITE_PREVIEW: "1" }
const proof = process.env.SITE_SAMPLE_PROOF === "1"

function run(command, args, what) {
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: "inherit", env })
  if (what) console.log(`${what} finished in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (result.status !== 0) process.exit(result.status ?? 1)
  return started
}

/**
 * A build counts once it has written this build's public/build.json (onPostBuild, gatsby-node.ts): in one CI run
 * gatsby build exited 0 after 9 s having built nothing, its worker for the Gatsby files gone ("not finished
 * compile gatsby files"), and the step passed.
 */
function gatsbyBuild(what) {
  const started = run("npx", ["gatsby", "build"], what)
  const info = "public/build.json"
  const builtAt = fs.existsSync(info) ? Date.parse(JSON.parse(fs.readFileSync(info, "utf8")).builtAt) : NaN
  if (!(builtAt >= started)) {
    console.error(`${what} exited 0 without finishing: ${info} is ${Number.isNaN(builtAt) ? "missing" : "older"}`)
    process.exit(1)
  }
}

const makeProof = () => run("node", ["__tests__/fixtures/proof/make-proof.mjs"])

if (proof) {
  makeProof()
  const removed = await import("../__tests__/fixtures/proof/removed-proof.mjs")
  await removed.addRemovedContent()
  run("npx", ["gatsby", "clean"])
  gatsbyBuild("gatsby build (cold, with the content the owner then removes)")
  const files = removed.removedContentFiles(removed.filesUnder("public"))
  makeProof()
  fs.writeFileSync(removed.REMOVED_LIST, `${JSON.stringify({ ...removed.REMOVED, files }, null, 2)}\n`)
  gatsbyBuild("gatsby build (warm, after the removal)")
} else {
  run("npx", ["gatsby", "clean"])
  gatsbyBuild("gatsby build")
}
