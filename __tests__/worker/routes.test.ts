/**
 * @jest-environment node
 */
/*
 * The Worker's door (worker/index.ts): the paths it answers and the methods each takes; everything else is the
 * static assets' (wrangler.jsonc › run_worker_first names the same paths).
 */
import { readWranglerConfig } from "../../scripts/wrangler-config.cjs"
import { routeOf } from "../../worker/index"
import { localWorker, SITE_ORIGIN, type LocalWorker } from "../support/worker"
import { makeSecret } from "../../src/lib/estimate/reference"

let worker: LocalWorker
beforeAll(async () => {
  worker = await localWorker()
})
afterAll(() => worker.dispose())

test("a page is the static assets' answer, never the Worker's", async () => {
  const seen: string[] = []
  const assets = {
    fetch: async (request: Request) => {
      seen.push(new URL(request.url).pathname)
      return new Response("page")
    },
  }
  const response = await worker.fetch(new Request(`${SITE_ORIGIN}/estimate/`), { ASSETS: assets })
  expect(await response.text()).toBe("page")
  expect(seen).toEqual(["/estimate/"])
})

test("a method a path does not take is refused with 405 and the methods it does", async () => {
  const response = await worker.fetch(new Request(`${SITE_ORIGIN}/api/requests`, { method: "GET" }))
  expect(response.status).toBe(405)
  expect(response.headers.get("Allow")).toBe("POST")
})

test("wrangler.jsonc sends the Worker exactly the paths it answers, and a preview no database", () => {
  const config = readWranglerConfig()
  expect(config.assets.run_worker_first).toEqual(["/auth", "/auth/*", "/api/*"])
  for (const [pathname, method] of [
    ["/auth", "GET"],
    ["/auth/callback", "GET"],
    ["/api/requests", "POST"],
    ["/api/leads", "GET"],
  ])
    expect(routeOf(new Request(`${SITE_ORIGIN}${pathname}`, { method }))).toHaveProperty("handler")
  expect(config.env.preview.d1_databases).toEqual([])
})

test("a post to the inbox is stored in the local D1", async () => {
  const response = await worker.fetch(
    new Request(`${SITE_ORIGIN}/api/requests`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "CF-Connecting-IP": "203.0.113.7" },
      body: JSON.stringify({
        ref: "7KCM9H",
        secret: makeSecret(),
        name: "Dana Whitmore",
        phone: "(801) 555-0199",
        pageTitle: "Free estimate",
        pagePath: "/estimate/",
        sentAt: "2026-11-27T22:05:00.000Z",
        spam: "empty",
      }),
    }),
  )
  expect(response.status).toBe(200)
  const row = await worker.db.prepare("SELECT name, email, host_email_at FROM leads").first()
  expect(row).toEqual({ name: "Dana Whitmore", email: "pending", host_email_at: null })
})
