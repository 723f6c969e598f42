/*
 * A push to every device the owner asked to be told on (push_subscriptions, filled by the Leads view's "Notify
 * this phone"). @block65/webcrypto-web-push encrypts each push for its device as RFC 8291 says (aes128gcm,
 * padded to one size so the length tells nothing) and signs the VAPID token (RFC 8292) with Web Crypto alone,
 * which is all the Worker has; this file sends what it builds, each with a time limit, and keeps the table true:
 * a device its push service says is gone (404, 410) is forgotten, a device reached gets the time.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push"
import business from "../../data/business.json"
import type { Env } from "../env"

export interface PushMessage {
  title: string
  body: string
  ref: string
  tag?: string
}

/** Apple's push service refuses a made-up subject; the business's own address is the one it takes. */
export const VAPID_SUBJECT = `mailto:${business.email}`

/** A push service keeps a push this long for a phone that is off: a request is still worth a call next day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60

/** A push service that has not answered by then is counted as not reached; the visitor never waits on it. */
export const PUSH_TIMEOUT_MS = 10_000

interface SubscriptionRow {
  endpoint: string
  p256dh: string
  auth: string
}

type Outcome = "delivered" | "gone" | "failed"

/** True when the host has both push keys (`npm run push-keys`). */
export const hasPushKeys = (env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">) =>
  Boolean(env.VAPID_PUBLIC_KEY?.trim() && env.VAPID_PRIVATE_KEY?.trim())

/**
 * The endpoint as the library signs it. It signs for https only, as every push service is; a push service on
 * this machine's loopback (the local runtime's tests, push-routes.ts) speaks http, and is signed for as https
 * at the same host, which is all the token's audience names.
 */
const signedFor = (endpoint: string) =>
  endpoint.replace(/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])([:/])/, "https://$1$2")

async function pushTo(row: SubscriptionRow, message: PushMessage, env: Env): Promise<Outcome> {
  try {
    const payload = await buildPushPayload(
      { data: JSON.stringify(message), options: { ttl: PUSH_TTL_SECONDS, urgency: "high" } },
      { endpoint: signedFor(row.endpoint), expirationTime: null, keys: { p256dh: row.p256dh, auth: row.auth } },
      { subject: VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY?.trim(), privateKey: env.VAPID_PRIVATE_KEY?.trim() },
    )
    const response = await fetch(row.endpoint, { ...payload, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) })
    if (response.ok) return "delivered"
    if (response.status === 404 || response.status === 410) return "gone"
    // The push service's words, for the host's log: a wrong key or subject is named there.
    console.warn(`Push to ${new URL(row.endpoint).host}: ${response.status} ${(await response.text()).slice(0, 200)}`)
    return "failed"
  } catch (error) {
    console.warn(`Push to ${new URL(row.endpoint).host} failed:`, error)
    return "failed"
  }
}

/** Sends `message` to each of the owner's devices; how many push services took it. */
export async function pushToOwner(env: Env, message: PushMessage): Promise<{ delivered: number }> {
  const db = env.DB
  if (!db || !hasPushKeys(env)) return { delivered: 0 }
  const { results } = await db.prepare("SELECT endpoint, p256dh, auth FROM push_subscriptions").all<SubscriptionRow>()
  const outcomes = await Promise.all(results.map(row => pushTo(row, message, env)))
  const at = new Date().toISOString()
  const updates = results.flatMap((row, index) => {
    if (outcomes[index] === "gone")
      return [db.prepare("DELETE FROM push_subscriptions WHERE endpoint = ?").bind(row.endpoint)]
    if (outcomes[index] === "delivered")
      return [db.prepare("UPDATE push_subscriptions SET last_push_at = ? WHERE endpoint = ?").bind(at, row.endpoint)]
    return []
  })
  if (updates.length > 0) await db.batch(updates)
  return { delivered: outcomes.filter(outcome => outcome === "delivered").length }
}
