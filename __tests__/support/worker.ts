/*
 * The Worker's handlers in-process (worker/), as Cloudflare's own D1 templates test theirs: each test file gets a
 * local D1 from Miniflare (the same workerd and SQLite `wrangler dev` runs) with migrations/ applied, and calls
 * the handlers with it. No port, no served site. A file that uses this runs in Node (`@jest-environment node`).
 *
 * The handlers reach that D1 through a small Worker of the harness's own (SQL_WORKER), each query one
 * dispatchFetch, never through Miniflare's proxy of the binding: the proxy makes every prepare() and bind() a
 * synchronous call across threads, and under load on Node 22 that call now and then read no answer (an assertion
 * in Miniflare's fetch-sync), failing a whole file.
 */
import fs from "node:fs"
import path from "node:path"
import { Miniflare } from "miniflare"
import type { D1Database, D1Result } from "../../worker/inbox/database"
import type { Env, ExecutionContext } from "../../worker/env"
import worker from "../../worker/index"

// Not support/site.ts's: that reads the built site, and the unit tier runs before any build.
const MIGRATIONS = path.resolve(__dirname, "../../migrations")

/** The statements of each migration in turn, as `wrangler d1 migrations apply` runs them. */
function migrationStatements(): string[] {
  return fs
    .readdirSync(MIGRATIONS)
    .filter(file => file.endsWith(".sql"))
    .sort()
    .flatMap(file =>
      fs
        .readFileSync(path.join(MIGRATIONS, file), "utf8")
        .replace(/--.*$/gm, "")
        .split(";")
        .map(statement => statement.trim())
        .filter(Boolean),
    )
}

export interface LocalWorker {
  db: D1Database
  /** The Worker's environment with the local D1 and `settings`; the assets answer 404 unless given. */
  env: (settings?: Partial<Env>) => Env
  /** Calls the Worker's fetch as Cloudflare would, and waits for what it left running (waitUntil). */
  fetch: (request: Request, settings?: Partial<Env>) => Promise<Response>
  /** Runs the Cron Trigger at `now`, and waits for it. */
  scheduled: (now: Date, settings?: Partial<Env>) => Promise<void>
  dispose: () => Promise<void>
}

const assets = { fetch: async () => new Response("Not found", { status: 404 }) }

/** Runs the statements it is sent on its D1 as `mode` says, and answers D1's own result as JSON. */
const SQL_WORKER = `export default {
  async fetch(request, env) {
    const { mode, statements } = await request.json()
    try {
      const prepared = statements.map(({ sql, params }) => env.DB.prepare(sql).bind(...params))
      if (mode === "batch") return Response.json({ result: await env.DB.batch(prepared) })
      const [statement] = prepared
      const result = mode === "first" ? await statement.first() : mode === "all" ? await statement.all() : await statement.run()
      return Response.json({ result })
    } catch (error) {
      return Response.json({ error: String(error && error.message ? error.message : error) }, { status: 500 })
    }
  },
}`

interface SentStatement {
  sql: string
  params: unknown[]
}

/** The D1 binding as the Worker's code uses it, each query sent to SQL_WORKER. */
function d1Through(miniflare: Miniflare): D1Database {
  const send = async (mode: string, statements: SentStatement[]) => {
    const response = await miniflare.dispatchFetch("http://d1.local/", {
      method: "POST",
      body: JSON.stringify({ mode, statements }),
    })
    const body = (await response.json()) as { result?: unknown; error?: string }
    if (body.error !== undefined) throw new Error(body.error)
    return body.result
  }
  const statement = (sql: string, params: unknown[] = []) => ({
    sql,
    params,
    bind: (...values: unknown[]) => statement(sql, values),
    first: async <Row>() => (await send("first", [{ sql, params }])) as Row | null,
    all: async <Row>() => (await send("all", [{ sql, params }])) as D1Result<Row>,
    run: async () => (await send("run", [{ sql, params }])) as D1Result<never>,
  })
  return {
    prepare: sql => statement(sql),
    batch: async statements =>
      (await send(
        "batch",
        (statements as unknown as SentStatement[]).map(({ sql, params }) => ({ sql, params })),
      )) as D1Result<unknown>[],
  }
}

/** The site's origin in the handlers' requests: a page of the site posts with it. */
export const SITE_ORIGIN = "http://127.0.0.1:9000"

/** GitHub's API as the owner check reaches it in these tests (answered by the test's own fetch), and the repository. */
export const GITHUB_STAND_IN = "https://github.stand-in"
export const OWNER_SETTINGS = { GITHUB_REPO: "owner/site", GITHUB_API_URL: GITHUB_STAND_IN }

/** A local D1 with migrations/ applied, and the Worker's handlers bound to it. */
export async function localWorker(): Promise<LocalWorker> {
  const miniflare = new Miniflare({ modules: true, script: SQL_WORKER, d1Databases: ["DB"] })
  const db = d1Through(miniflare)
  for (const statement of migrationStatements()) await db.prepare(statement).run()
  const env = (settings: Partial<Env> = {}): Env => ({ DB: db, ASSETS: assets, ...settings })
  const run = async (work: (context: ExecutionContext) => Promise<unknown>) => {
    const pending: Promise<unknown>[] = []
    const result = await work({ waitUntil: promise => pending.push(promise) })
    await Promise.all(pending)
    return result
  }
  return {
    db,
    env,
    fetch: (request, settings) => run(context => worker.fetch(request, env(settings), context)) as Promise<Response>,
    scheduled: async (now, settings) => {
      await run(context => worker.scheduled({ scheduledTime: now.getTime() }, env(settings), context))
    },
    dispose: () => miniflare.dispose(),
  }
}

/**
 * Holds Date at one instant, for a test of counts the inbox keeps per hour or per day: run across the turn of
 * an hour (it happened in CI at 17:00), a sender's count starts again midway. Timers, I/O and D1 run as ever;
 * jest.useRealTimers() lets Date go.
 */
export function holdDate(at = new Date("2026-06-15T12:30:00Z")) {
  jest.useFakeTimers({
    now: at,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "requestAnimationFrame",
      "cancelAnimationFrame",
      "requestIdleCallback",
      "cancelIdleCallback",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  })
}
