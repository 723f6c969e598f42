/*
 * The site's Cloudflare Worker (wrangler.jsonc's `main`). Cloudflare serves the built site (public/) as static
 * assets, with its _headers, its _redirects and 404.html, and runs this Worker only for the paths
 * wrangler.jsonc's `run_worker_first` names: the content manager's sign-in (/auth), the estimate inbox
 * (/api/requests) and the owner's Leads API (/api/leads …). A page view never reaches it. Its Cron Trigger
 * (`scheduled`) e-mails the owner each request whose e-mail the visitor's browser did not get out, and pushes the
 * one reminder for a request not called back (notify/), and tidies the inbox.
 */
import { forgetLead, listLeads, markCalled } from "./inbox/leads"
import { recordOutcome, storeLead } from "./inbox/requests"
import { formReceivedPage, storePostedForm } from "./inbox/form-post"
import { finishSignIn, startSignIn } from "./sign-in/github-oauth"
import { emailWaitingLeads } from "./notify/host-email"
import { remindUncalled } from "./notify/reminder"
import { pushRoutes } from "./notify/push-routes"
import type { Env, ExecutionContext, Handler, Route } from "./env"
import { Refusal, refusal } from "./inbox/http"
import { pruneSenders } from "./inbox/rate-limit"
import { deleteExpired } from "./inbox/store"

/**
 * The inbox's own housekeeping, every run: past hours' sender counts and requests past the retention go, so
 * neither waits for the next post. A retention setting out of range is logged (deleteExpired) and deletes nothing.
 */
async function tidyInbox(env: Env, now: Date): Promise<void> {
  if (!env.DB) return
  try {
    await pruneSenders(env.DB, now)
    await deleteExpired(env.DB, env, now)
  } catch (error) {
    if (!(error instanceof Refusal)) console.error("Tidying the inbox failed:", error)
  }
}

/** Each path the Worker answers, the methods it takes there, and their handlers. */
export const ROUTES: Route[] = [
  { path: /^\/auth\/?$/, methods: { GET: ({ request, env }) => startSignIn(request, env) } },
  { path: /^\/auth\/callback\/?$/, methods: { GET: ({ request, env }) => finishSignIn(request, env) } },
  { path: /^\/api\/requests\/?$/, methods: { POST: storeLead } },
  // The form's own submit without the page's script, and the page it ends on (before the reference's PATCH).
  { path: /^\/api\/requests\/form\/?$/, methods: { POST: storePostedForm } },
  { path: /^\/api\/requests\/form\/(?<ref>[^/]+)\/?$/, methods: { GET: formReceivedPage } },
  { path: /^\/api\/requests\/(?<ref>[^/]+)\/?$/, methods: { PATCH: recordOutcome } },
  { path: /^\/api\/leads\/?$/, methods: { GET: listLeads } },
  { path: /^\/api\/leads\/(?<ref>[^/]+)\/?$/, methods: { DELETE: forgetLead, PATCH: markCalled } },
  ...pushRoutes,
]

/** The route's handler for the request, a 405 naming the methods it takes, or undefined for a static asset. */
export function routeOf(request: Request): { handler: Handler; params: Record<string, string> } | Response | undefined {
  const { pathname } = new URL(request.url)
  for (const route of ROUTES) {
    const match = route.path.exec(pathname)
    if (!match) continue
    const handler = route.methods[request.method]
    if (!handler) {
      const allowed = Object.keys(route.methods).join(", ")
      const answer = refusal(405, "METHOD", `This address takes ${allowed} only.`)
      answer.headers.set("Allow", allowed)
      return answer
    }
    return { handler, params: { ...match.groups } }
  }
  return undefined
}

export default {
  async fetch(request: Request, env: Env, context: ExecutionContext): Promise<Response> {
    const route = routeOf(request)
    if (route === undefined) return env.ASSETS.fetch(request)
    if (route instanceof Response) return route
    return route.handler({ request, env, params: route.params, context })
  },

  async scheduled(controller: { scheduledTime: number }, env: Env, context: ExecutionContext): Promise<void> {
    const now = new Date(controller.scheduledTime)
    context.waitUntil(Promise.all([emailWaitingLeads(env, now), remindUncalled(env, now), tidyInbox(env, now)]))
  },
}
