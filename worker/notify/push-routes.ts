/*
 * The owner's devices for push (push.ts): GET /api/push/key answers the public VAPID key a browser subscribes
 * with, or 404 while the host has none, which is how the Leads view knows whether to offer "Notify this phone".
 * POST /api/push/subscriptions keeps a device's subscription (a browser's PushSubscription JSON) and DELETE
 * forgets it, both for the owner alone (the same sign-in as the Leads API, inbox/owner.ts). A subscription is
 * checked before it is kept: the Worker will post to its address and encrypt with its keys.
 */
import type { Env, HandlerContext, Route } from "../env"
import { answer, json, noInbox, readJson, refusal, Refusal } from "../inbox/http"
import { checkOwner } from "../inbox/owner"
import { hasPushKeys } from "./push"

/** Each device is pushed on every request; more than this is a list nobody keeps up. */
export const MAX_DEVICES = 10

export const NO_PUSH_KEYS = "This site has no push keys yet: `npm run push-keys` makes them (docs/deploying.md)."

interface Subscription {
  endpoint: string
  p256dh: string
  auth: string
  device: string | null
}

const bad = (text: string) => new Refusal(400, "INVALID", text)

const bytesOf = (base64url: unknown): Uint8Array<ArrayBuffer> | undefined => {
  if (typeof base64url !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(base64url)) return undefined
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, ""))
  return Uint8Array.from(binary, character => character.charCodeAt(0))
}

const fields = (body: unknown): Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}

/** A push service on this machine: reached over http by the local runtime and its tests, never by Cloudflare. */
const isLoopback = (url: URL) => url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)

/** The endpoint of a JSON body, when it is the https address every push service gives. */
function endpointOf(body: unknown): string {
  const { endpoint } = fields(body)
  if (typeof endpoint !== "string" || endpoint.length > 1_000) throw bad("The subscription has no endpoint.")
  if (!URL.canParse(endpoint) || !(new URL(endpoint).protocol === "https:" || isLoopback(new URL(endpoint))))
    throw bad("The subscription's endpoint is not an https address.")
  return endpoint
}

/** A browser's subscription, checked: its key a point on P-256 (RFC 8291 › 3.1), its secret 16 bytes (3.2). */
async function subscriptionOf(body: unknown): Promise<Subscription> {
  const endpoint = endpointOf(body)
  const { keys, device } = fields(body)
  const { p256dh, auth } = fields(keys)
  const point = bytesOf(p256dh)
  const usable =
    point?.length === 65 &&
    (await crypto.subtle.importKey("raw", point, { name: "ECDH", namedCurve: "P-256" }, false, []).then(
      () => true,
      () => false,
    ))
  if (!usable) throw bad("The subscription's p256dh key is not a P-256 public key.")
  if (bytesOf(auth)?.length !== 16) throw bad("The subscription's auth secret is not 16 bytes.")
  if (device !== undefined && (typeof device !== "string" || device.length > 80))
    throw bad("The device's name must be text of at most 80 characters.")
  const named = typeof device === "string" ? device.trim() : ""
  return { endpoint, p256dh: p256dh as string, auth: auth as string, device: named || null }
}

async function ownersDatabase({ request, env }: HandlerContext) {
  await checkOwner(request, env)
  if (!env.DB) throw noInbox()
  return env.DB
}

// Without keys the answer says so in a 200, not a 404: the Leads view asks on every visit, and an error status
// would put an error in the owner's console for a site that simply has no push set up.
const publicKey = ({ env }: { env: Env }) =>
  answer(async () =>
    hasPushKeys(env) && env.DB
      ? json(200, { publicKey: env.VAPID_PUBLIC_KEY!.trim() })
      : json(200, { publicKey: null, missing: NO_PUSH_KEYS }),
  )

const keepSubscription = (context: HandlerContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    if (!hasPushKeys(context.env)) return refusal(503, "NO_PUSH_KEYS", NO_PUSH_KEYS)
    const subscription = await subscriptionOf(await readJson(context.request))
    const devices = await db.prepare("SELECT endpoint FROM push_subscriptions").all<{ endpoint: string }>()
    const known = devices.results.some(row => row.endpoint === subscription.endpoint)
    if (!known && devices.results.length >= MAX_DEVICES)
      return refusal(
        409,
        "TOO_MANY_DEVICES",
        `${MAX_DEVICES} devices are notified already: stop one before adding this one.`,
      )
    await db
      .prepare(
        `INSERT INTO push_subscriptions (endpoint, p256dh, auth, device, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = ?2, auth = ?3, device = ?4`,
      )
      .bind(
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
        subscription.device,
        new Date().toISOString(),
      )
      .run()
    return json(known ? 200 : 201, { stored: true, devices: devices.results.length + (known ? 0 : 1) })
  })

const forgetSubscription = (context: HandlerContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    const endpoint = endpointOf(await readJson(context.request))
    const { meta } = await db.prepare("DELETE FROM push_subscriptions WHERE endpoint = ?").bind(endpoint).run()
    if (meta.changes === 0) return refusal(404, "NOT_FOUND", "This device was not being notified.")
    return json(200, { deleted: true })
  })

export const pushRoutes: Route[] = [
  { path: /^\/api\/push\/key\/?$/, methods: { GET: publicKey } },
  { path: /^\/api\/push\/subscriptions\/?$/, methods: { POST: keepSubscription, DELETE: forgetSubscription } },
]
