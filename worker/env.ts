/*
 * The Worker's environment (wrangler.jsonc): the static assets, the inbox's database, the owner's e-mail binding
 * and the settings each part reads, and the small part of Cloudflare's runtime types the Worker uses (the host's
 * types package is not a dependency of the site, whose TypeScript settings are the browser's).
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

export type Env = InboxEnv & OwnerEnv & SignInEnv & NotifyEnv & { ASSETS: Fetcher }

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
