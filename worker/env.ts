/*
 * The Worker's environment: the bindings and vars wrangler.jsonc names (the static assets, the inbox's database,
 * the owner's e-mail binding, the retention), typed by `wrangler types` in worker-configuration.d.ts
 * (`npm run types:worker` after an edit of wrangler.jsonc), and the secrets and optional settings set on the host
 * alone (docs/deploying.md), which wrangler.jsonc does not name; each part of the Worker declares those it reads.
 * The small part of Cloudflare's runtime types the Worker uses is declared here (runtime.d.ts makes the generated
 * file's names point at it): the host's types package is not a dependency of the site, whose TypeScript settings
 * are the browser's.
 */
import type { InboxEnv } from "./inbox/database"
import type { OwnerEnv } from "./inbox/owner"
import type { SignInEnv } from "./sign-in/github-oauth"

export interface ExecutionContext {
  waitUntil: (promise: Promise<unknown>) => void
}

/** The static assets binding: the built site, answered as the host answers it (_headers, 404.html). */
export interface Fetcher {
  fetch: (request: Request) => Promise<Response>
}

/** Cloudflare's `send_email` binding; a message is built with `EmailMessage` from "cloudflare:email". */
export interface SendEmail {
  send: (message: unknown) => Promise<unknown>
}

export interface NotifyEnv {
  /** The owner's e-mail from the host (Email Routing, docs/deploying.md); without it only EmailJS e-mails. */
  OWNER_EMAIL?: SendEmail
  /** Minutes the visitor's browser has to e-mail the owner before the host does (3 unless set). */
  HOST_EMAIL_AFTER_MINUTES?: string
  /** The address the host's e-mail comes from, on the site's own domain; estimates@<siteUrl's host> unless set. */
  EMAIL_FROM?: string
  /** The push keys (`npm run push-keys`); without them no phone is told. */
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
}

/** The names the Worker reads that wrangler.jsonc binds: one renamed or removed there fails the type check here. */
type Bound = keyof Pick<Cloudflare.Env, "ASSETS" | "DB" | "OWNER_EMAIL" | "LEADS_RETENTION_MONTHS">

/**
 * What no generator can see: secrets (`wrangler secret put`) and settings left unset unless the owner sets them on
 * the host. A name wrangler.jsonc binds takes the generated type; each part's own type of it is checked where the
 * Worker hands the part its environment.
 */
type HostSettings = Omit<InboxEnv & OwnerEnv & SignInEnv & NotifyEnv, Bound>

export interface Env extends Cloudflare.Env, HostSettings {}

export interface HandlerContext {
  request: Request
  env: Env
  params: Record<string, string>
  context: ExecutionContext
}

export type Handler = (context: HandlerContext) => Promise<Response>

export interface Route {
  path: RegExp
  methods: Partial<Record<string, Handler>>
}
