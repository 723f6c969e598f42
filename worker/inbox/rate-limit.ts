/*
 * The inbox's limits on posts: per sender an hour, and for the whole site a day. A sender is its network as
 * Cloudflare names it (CF-Connecting-IP): an IPv4 address, or the /64 an IPv6 address belongs to, since one
 * home or phone is given a whole /64 and may post from any address in it. A sender is kept only as a SHA-256
 * hash of the hour, the host's salt and the network, so no address is stored and one hour's hashes cannot be
 * matched with the next; the salt is made by the host on first use and kept in D1 (host_values), never in
 * the code or a setting anybody could read. Each post deletes the counts of past hours, and so does the Cron
 * Trigger every two minutes (pruneSenders), so no count outlives its hour by more than a few minutes.
 */
import type { D1Database } from "./database"

const hourOf = (now: Date) => now.toISOString().slice(0, 13)
const dayOf = (now: Date) => now.toISOString().slice(0, 10)

async function hash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map(byte => byte.toString(16).padStart(2, "0")).join("")
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const [head, tail, extra] = address.toLowerCase().split("::")
  if (extra !== undefined) return null
  const parse = (part: string) => (part === "" ? [] : part.split(":"))
  const groups = (parts: string[]): number[] | null => {
    const last = parts[parts.length - 1]
    // An IPv4 address written at the end (::ffff:192.0.2.1) is two groups.
    if (last?.includes(".")) {
      const bytes = last.split(".").map(Number)
      if (bytes.length !== 4 || bytes.some(byte => !(byte >= 0 && byte <= 255))) return null
      parts = [
        ...parts.slice(0, -1),
        ((bytes[0] << 8) | bytes[1]).toString(16),
        ((bytes[2] << 8) | bytes[3]).toString(16),
      ]
    }
    return parts.every(part => /^[0-9a-f]{1,4}$/.test(part)) ? parts.map(part => parseInt(part, 16)) : null
  }
  const before = groups(parse(head))
  const after = tail === undefined ? [] : groups(parse(tail))
  if (!before || !after) return null
  if (tail === undefined) return before.length === 8 ? before : null
  const missing = 8 - before.length - after.length
  return missing >= 1 ? [...before, ...Array<number>(missing).fill(0), ...after] : null
}

/**
 * The network a post counts against: "v4:<address>", "v6:<first four groups>/64", an IPv4-mapped IPv6 address
 * as its IPv4 address, and "unknown" for anything else (every such post shares one count).
 */
export function senderOf(address: string | null): string {
  const text = (address ?? "").trim()
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(text)) return `v4:${text}`
  const groups = ipv6Groups(text)
  if (!groups) return "unknown"
  if (groups.slice(0, 5).every(group => group === 0) && groups[5] === 0xffff)
    return `v4:${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`
  return `v6:${groups
    .slice(0, 4)
    .map(group => group.toString(16))
    .join(":")}::/64`
}

/** The salt of the address hashes: made with the first post and kept in D1 from then on. */
export async function addressSalt(db: D1Database): Promise<string> {
  const made = [...crypto.getRandomValues(new Uint8Array(32))].map(byte => byte.toString(16).padStart(2, "0")).join("")
  const [, kept] = await db.batch([
    db.prepare("INSERT INTO host_values (name, value) VALUES ('address_salt', ?) ON CONFLICT DO NOTHING").bind(made),
    db.prepare("SELECT value FROM host_values WHERE name = 'address_salt'"),
  ])
  const salt = (kept.results[0] as { value: string } | undefined)?.value
  if (!salt) throw new Error("The host's address salt could not be kept in D1.")
  return salt
}

export interface Limits {
  /** Posts one sender may make in an hour. */
  perHour: number
  /** Posts the whole site takes in a day (UTC), from every sender; null for updates, which the day does not count. */
  perDay: number | null
  now: Date
}

/**
 * ok: counted and within the limits. sender: this network has used up its hour. site: the site has taken its
 * day's posts; `firstRefusal` is true for the one post that first met the ceiling that day, so the owner is
 * told once.
 */
export type LimitVerdict =
  { ok: true } | { ok: false; over: "sender" } | { ok: false; over: "site"; firstRefusal: boolean }

/** Counts this post against its sender, and against the site's day when `perDay` is set. */
export async function withinLimits(
  db: D1Database,
  request: Request,
  { perHour, perDay, now }: Limits,
): Promise<LimitVerdict> {
  const hour = hourOf(now)
  const day = dayOf(now)
  const sender = await hash(`${hour}|${await addressSalt(db)}|${senderOf(request.headers.get("CF-Connecting-IP"))}`)
  const statements = [
    db.prepare("DELETE FROM senders WHERE hour < ?").bind(hour),
    db
      .prepare(
        "INSERT INTO senders (sender_hash, hour, posts) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET posts = posts + 1 RETURNING posts",
      )
      .bind(sender, hour),
  ]
  if (perDay !== null)
    statements.push(
      db
        .prepare(
          "INSERT INTO site_posts (day, posts) VALUES (?, 1) ON CONFLICT DO UPDATE SET posts = posts + 1 RETURNING posts",
        )
        .bind(day),
    )
  const [, senderCount, siteCount] = await db.batch(statements)
  const senderPosts = (senderCount.results[0] as { posts: number } | undefined)?.posts ?? 0
  if (senderPosts > perHour) return { ok: false, over: "sender" }
  const sitePosts = (siteCount?.results[0] as { posts: number } | undefined)?.posts ?? 0
  if (perDay === null || sitePosts <= perDay) return { ok: true }
  const { meta } = await db
    .prepare("UPDATE site_posts SET ceiling_told_at = ? WHERE day = ? AND ceiling_told_at IS NULL")
    .bind(now.toISOString(), day)
    .run()
  return { ok: false, over: "site", firstRefusal: meta.changes > 0 }
}

/** Deletes the counts of past hours, and the site's counts of days before yesterday; from the Cron Trigger. */
export async function pruneSenders(db: D1Database, now: Date): Promise<void> {
  const yesterday = dayOf(new Date(now.getTime() - 86_400_000))
  await db.batch([
    db.prepare("DELETE FROM senders WHERE hour < ?").bind(hourOf(now)),
    db.prepare("DELETE FROM site_posts WHERE day < ?").bind(yesterday),
  ])
}
