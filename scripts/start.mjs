/*
 * `npm start`: builds the site for production and serves it on http://localhost:9000 with the CDN's
 * headers. Without EmailJS variables it also runs the local inbox, so an estimate sent from the
 * form lands as one JSON line in .inbox/estimates.jsonl and its message is printed here as the business
 * would read it. INBOX_MODE=error or delay (INBOX_DELAY_MS) shows how the form handles a failing service.
 * Every request also lands in the site's own inbox, the local D1 in .inbox/state (scripts/serve.mjs).
 */
import { spawnSync } from "node:child_process"
import { LOCAL_STATE, startServer } from "./serve.mjs"
import { INBOX_PORT, usesLocalInbox } from "./local-inbox-env.mjs"

const build = spawnSync("node", ["scripts/build-site.mjs"], { stdio: "inherit" })
if (build.status !== 0) process.exit(build.status ?? 1)

const port = Number(process.env.PORT ?? 9000)
if (usesLocalInbox()) {
  const { startInbox } = await import("./inbox-server.mjs")
  const inbox = await startInbox({
    port: INBOX_PORT,
    file: process.env.INBOX_FILE ?? ".inbox/estimates.jsonl",
    mode: process.env.INBOX_MODE ?? "ok",
    delayMs: Number(process.env.INBOX_DELAY_MS ?? 20000),
    log: line => console.log(line),
  })
  console.log(`Local inbox listening at ${inbox.url}; estimates are appended to ${inbox.file}`)
}
const site = await startServer({ root: "public", port, state: LOCAL_STATE })
console.log(`The site is served at ${site.url} (Ctrl+C to stop)`)
