/*
 * Serves the built site (public/) with Cloudflare Pages' own runtime: `wrangler pages dev`, the workerd runtime
 * Pages runs, from the npm package and offline. It applies public/_headers, serves a folder's index.html at its
 * path with a trailing slash (and redirects the path without one, 308), answers an unknown path with 404.html
 * and status 404, compresses, and runs the Pages Functions in functions/ when there are any, all as the host
 * does (docs/deploying.md). Used by `npm start`, `npm run serve`, the browser tests, the benchmark and the
 * screenshots. With `inbox` (the default) it also gives the Functions the estimate inbox's database as the host
 * does: a local D1, a real SQLite file in the server's own state folder, with migrations/ applied by wrangler's
 * own D1 command first; without it, the site is served as a host without the database serves it.
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const WRANGLER = path.join(repoRoot, "node_modules/wrangler/bin/wrangler.js")
/** The newest date this release of workerd knows; Pages applies the project's date the same way. */
export const COMPATIBILITY_DATE = "2026-05-01"
const START_TIMEOUT = 60_000
/** wrangler.toml's database: the name its D1 commands take, and the id the local copy is kept under. */
const INBOX_DATABASE = "estimate-inbox"

/** Where `npm start` and `npm run serve` keep the local D1, so the requests sent to it outlast a restart. */
export const LOCAL_STATE = path.join(repoRoot, ".inbox/state")

const wranglerEnv = () => ({ ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" })

/**
 * `wrangler pages dev` binds the database wrangler.toml names in its working folder, and runs that folder's
 * functions/. A host without the database is served from a folder holding only a link to functions/.
 */
function folderWithoutDatabase(state) {
  const folder = path.join(state, "without-database")
  fs.mkdirSync(folder, { recursive: true })
  const functions = path.join(folder, "functions")
  if (!fs.existsSync(functions)) fs.symlinkSync(path.join(repoRoot, "functions"), functions)
  return folder
}

/** Applies migrations/ to the local D1 kept in `state`, as `wrangler d1 migrations apply --local` does. */
export function applyMigrations(state) {
  const result = spawnSync(
    process.execPath,
    [WRANGLER, "d1", "migrations", "apply", INBOX_DATABASE, "--local", `--persist-to=${state}`],
    { cwd: repoRoot, env: wranglerEnv(), encoding: "utf8" },
  )
  if (result.status !== 0) throw new Error(`The inbox's migrations failed: ${result.stdout}${result.stderr}`)
}

/** A port nothing listens on now, for a server that cannot be asked to pick its own. */
const freePort = host =>
  new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once("error", reject)
    probe.listen(0, host, () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

async function answering(url, deadline, child) {
  for (;;) {
    if (child.exitCode !== null) return false
    try {
      await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(2000) })
      return true
    } catch {
      if (Date.now() > deadline) return false
      await new Promise(resolve => setTimeout(resolve, 100))
    }
  }
}

/**
 * Serves root on host:port (a free port when port is 0) and resolves once the runtime answers. `bindings`
 * become the Pages Functions' environment (--binding KEY=VALUE), as the host's settings do; `inbox` binds the
 * local D1, in `state` when given (kept after the server stops), else in a folder of the server's own.
 */
export async function startServer({
  root = "public",
  port = 9000,
  host = "127.0.0.1",
  bindings = {},
  inbox = true,
  state: keptState,
} = {}) {
  const chosenPort = port === 0 ? await freePort(host) : port
  // Each server keeps its local state apart, so several may run at once (the browser tests' own and a file's).
  const state = keptState ?? fs.mkdtempSync(path.join(os.tmpdir(), "pages-dev-"))
  if (inbox) applyMigrations(state)
  const args = [
    WRANGLER,
    "pages",
    "dev",
    path.resolve(root),
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    `--ip=${host}`,
    `--port=${chosenPort}`,
    `--persist-to=${state}`,
    "--show-interactive-dev-session=false",
    "--log-level=error",
    ...Object.entries(bindings).map(([key, value]) => `--binding=${key}=${value}`),
  ]
  const child = spawn(process.execPath, args, {
    cwd: inbox ? repoRoot : folderWithoutDatabase(state),
    env: wranglerEnv(),
    stdio: ["ignore", "inherit", "pipe"],
    detached: true,
  })
  let errors = ""
  child.stderr.on("data", chunk => {
    const text = String(chunk)
    errors += text
    // Offline, it cannot fetch Cloudflare's request location data at each start and uses a placeholder; and
    // workerd reports each visitor that went away before the answer was written (a page closed mid-load).
    if (/Request\.cf|ENOTFOUND|getaddrinfo|at .*\(node:|disconnected: ::write|workerd@/.test(text)) return
    process.stderr.write(text)
  })
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
    const exited = new Promise(resolve => child.once("exit", resolve))
    // The runtime (workerd) is a child of wrangler: end the whole group.
    process.kill(-child.pid, "SIGTERM")
    return exited.then(() => keptState ?? fs.rmSync(state, { recursive: true, force: true }))
  }
  process.once("exit", () => child.exitCode === null && process.kill(-child.pid, "SIGKILL"))
  const url = `http://${host}:${chosenPort}`
  if (!(await answering(`${url}/`, Date.now() + START_TIMEOUT, child))) {
    await stop()
    throw new Error(`wrangler pages dev did not answer at ${url}: ${errors}`)
  }
  return { url, close: stop }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 9000)
  const site = await startServer({ root: process.env.SITE_ROOT ?? "public", port, state: LOCAL_STATE })
  console.log(`Serving the built site with Cloudflare Pages' runtime at ${site.url} (Ctrl+C to stop)`)
  const stop = () => site.close().then(() => process.exit(0))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}
