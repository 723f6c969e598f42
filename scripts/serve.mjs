/*
 * Serves the built site (public/) as Cloudflare serves it: the Worker with static assets of wrangler.jsonc, run by
 * `wrangler dev` (workerd, the runtime Cloudflare runs, from the npm package and offline). Cloudflare's asset
 * handling applies public/_headers and _redirects, serves a folder's index.html at its path with a trailing slash
 * (and redirects the path without one), answers an unknown path with 404.html and status 404, and runs the Worker
 * (worker/index.ts) only for the paths wrangler.jsonc names, all as the host does (docs/deploying.md). Used by
 * `npm start`, `npm run serve`, the browser tests, the benchmark and the screenshots. With `inbox` (the default)
 * the Worker has the estimate inbox's database as on the host: a local D1, a real SQLite file in the server's own
 * state folder, with migrations/ applied by wrangler's own D1 command first; without it, the site is served as a
 * Worker without the database. Its Cron Trigger runs at /__scheduled (`--test-scheduled`), and the owner's e-mail
 * from the host (the local `send_email` binding) is written to a file whose path is printed.
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import readline from "node:readline"
import { stripVTControlCharacters } from "node:util"
import { fileURLToPath } from "node:url"
import wranglerConfig from "./wrangler-config.cjs"

const { readWranglerConfig } = wranglerConfig

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const WRANGLER = path.join(repoRoot, "node_modules/wrangler/bin/wrangler.js")
const START_TIMEOUT = 60_000
/** wrangler.jsonc's database: the name its D1 commands take. */
const INBOX_DATABASE = "estimate-inbox"

/** Where `npm start` and `npm run serve` keep the local D1, so the requests sent to it outlast a restart. */
export const LOCAL_STATE = path.join(repoRoot, ".inbox/state")

/** What `wrangler dev` prints on stdout that serve.mjs leaves out. */
const QUIET =
  /^\[wrangler:info\] (GET|HEAD|POST|PATCH|PUT|DELETE|OPTIONS) |Ready on|Parsed \d+ valid|⎔|wrangler \d|^[─-]+$|^\s*$|Your Worker has access|Binding|env\.|Starting local server|Using vars|ENOTFOUND|^\s+at /

const wranglerEnv = () => ({ ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" })

/**
 * wrangler.jsonc as `wrangler dev` must read it from the state folder: its paths made absolute, the assets from
 * `root`, the host's settings as variables (wrangler.jsonc's own, then `bindings`), and the database only when the site keeps its inbox.
 */
export function writeWorkerConfig(state, { root = "public", inbox = true, bindings = {} } = {}) {
  const config = readWranglerConfig()
  // The schema's path is relative to the repository, and the named environments are for deploys.
  delete config.$schema
  delete config.env
  const served = {
    ...config,
    main: path.join(repoRoot, config.main),
    assets: { ...config.assets, directory: path.resolve(root) },
    d1_databases: inbox
      ? config.d1_databases.map(database => ({
          ...database,
          migrations_dir: path.join(repoRoot, database.migrations_dir),
        }))
      : [],
    vars: { ...config.vars, ...bindings },
  }
  // `--test-scheduled` runs the Cron Trigger at /__scheduled, which only the Worker answers.
  served.assets.run_worker_first = [...served.assets.run_worker_first, "/__scheduled"]
  const file = path.join(state, "wrangler.json")
  fs.mkdirSync(state, { recursive: true })
  fs.writeFileSync(file, JSON.stringify(served, null, 2))
  return file
}

/** Applies migrations/ to the local D1 kept in `state`, as `wrangler d1 migrations apply --local` does. */
export function applyMigrations(state, config = writeWorkerConfig(state)) {
  const result = spawnSync(
    process.execPath,
    [WRANGLER, "d1", "migrations", "apply", INBOX_DATABASE, "--local", `--persist-to=${state}`, `--config=${config}`],
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
 * become the Worker's variables, as the host's settings do; `inbox` binds the
 * local D1, in `state` when given (kept after the server stops), else in a folder of the server's own.
 */
export async function startServer({
  root = "public",
  port = 9000,
  host = "127.0.0.1",
  bindings = {},
  inbox = true,
  state: keptState,
  onEmail = file => console.log(`The owner's e-mail from the host (the local send_email binding): ${file}`),
} = {}) {
  const chosenPort = port === 0 ? await freePort(host) : port
  // Each server keeps its local state apart, so several may run at once (the browser tests' own and a file's).
  const state = keptState ?? fs.mkdtempSync(path.join(os.tmpdir(), "worker-dev-"))
  const config = writeWorkerConfig(state, { root, inbox, bindings })
  if (inbox) applyMigrations(state, config)
  const args = [
    WRANGLER,
    "dev",
    `--config=${config}`,
    `--ip=${host}`,
    `--port=${chosenPort}`,
    `--persist-to=${state}`,
    "--test-scheduled",
    "--show-interactive-dev-session=false",
    // Info, for the local send_email binding's word on each message; each request's own line is left out below.
    "--log-level=info",
  ]
  const child = spawn(process.execPath, args, {
    cwd: state,
    env: wranglerEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let errors = ""
  let emailNext = false
  readline.createInterface({ input: child.stdout }).on("line", line => {
    const text = stripVTControlCharacters(line)
    if (emailNext && text.trim().endsWith(".eml")) {
      emailNext = false
      return onEmail(text.trim())
    }
    if (/send_email binding called/.test(text)) emailNext = true
    // The runtime's line for each request it answered, its start-up banner and, offline, its failed look-ups
    // of Cloudflare's request location data say nothing a visitor needs.
    else if (!QUIET.test(text)) console.log(line)
  })
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
    throw new Error(`wrangler dev did not answer at ${url}: ${errors}`)
  }
  return { url, close: stop }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 9000)
  const site = await startServer({ root: process.env.SITE_ROOT ?? "public", port, state: LOCAL_STATE })
  console.log(`Serving the built site on the Worker's runtime at ${site.url} (Ctrl+C to stop)`)
  const stop = () => site.close().then(() => process.exit(0))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}
