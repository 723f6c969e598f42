/*
 * The Worker's handlers in-process (worker/), as Cloudflare's own D1 templates test theirs: each test file gets a
 * local D1 from Miniflare (the same workerd and SQLite `wrangler dev` runs) with migrations/ applied, and calls
 * the handlers with it. No port, no served site. A file that uses this runs in Node (`@jest-environment node`).
 */
import fs from "node:fs"
import path from "node:path"
import { Miniflare } from "miniflare"
import type { D1Database } from "../../worker/inbox/database"
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

/** A local D1 with migrations/ applied, and the Worker's handlers bound to it. */
export async function localWorker(): Promise<LocalWorker> {
  const miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null) }",
    d1Databases: ["DB"],
  })
  const db = (await miniflare.getD1Database("DB")) as unknown as D1Database
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
