/*
 * `npm start`: builds the site for production and serves it on http://localhost:9000 with the CDN's
 * headers. Without EmailJS variables it also runs the EmailJS stand-in, so an estimate sent from the
 * form lands as one JSON line in .emailjs-stand-in/estimates.jsonl and its message is printed here as the business
 * would read it. STAND_IN_MODE=error or delay (STAND_IN_DELAY_MS) shows how the form handles a failing service.
 * Every request also lands in the site's own inbox, the local D1 in .inbox/state (scripts/serve.mjs).
 */
import { spawnSync } from "node:child_process"
import { LOCAL_STATE, startServer } from "./serve.mjs"
import { STAND_IN_PORT, usesStandIn } from "./emailjs-stand-in-env.mjs"

const build = spawnSync("node", ["scripts/build-site.mjs"], { stdio: "inherit" })
if (build.status !== 0) process.exit(build.status ?? 1)

const port = Number(process.env.PORT ?? 9000)
if (usesStandIn()) {
  const { startStandIn } = await import("./emailjs-stand-in.mjs")
  const standIn = await startStandIn({
    port: STAND_IN_PORT,
    file: process.env.STAND_IN_FILE ?? ".emailjs-stand-in/estimates.jsonl",
    mode: process.env.STAND_IN_MODE ?? "ok",
    delayMs: Number(process.env.STAND_IN_DELAY_MS ?? 20000),
    log: line => console.log(line),
  })
  console.log(`The EmailJS stand-in is listening at ${standIn.url}; estimates are appended to ${standIn.file}`)
}
const site = await startServer({ root: "public", port, state: LOCAL_STATE })
console.log(`The site is served at ${site.url} (Ctrl+C to stop)`)
