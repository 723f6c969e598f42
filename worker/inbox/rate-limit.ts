/*
 * The per-sender limit on posts to the inbox. A sender is its address (Cloudflare's CF-Connecting-IP), kept
 * only as a SHA-256 hash salted with the hour and the host's secret salt, so no address is stored and one
 * hour's hashes cannot be matched with the next. Counts older than the last hour are deleted as they pass.
 */
import type { D1Database } from "./database"

const hourOf = (now: Date) => now.toISOString().slice(0, 13)

async function hash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map(byte => byte.toString(16).padStart(2, "0")).join("")
}

/** Counts this post against its sender; false when the sender has used up the hour's posts. */
export async function withinLimit(
  db: D1Database,
  request: Request,
  { perHour, salt, now }: { perHour: number; salt: string; now: Date },
): Promise<boolean> {
  const hour = hourOf(now)
  const address = request.headers.get("CF-Connecting-IP") ?? "unknown"
  const sender = await hash(`${hour}|${salt}|${address}`)
  const [, , counted] = await db.batch([
    db.prepare("DELETE FROM senders WHERE hour < ?").bind(hourOf(new Date(now.getTime() - 3_600_000))),
    db
      .prepare(
        "INSERT INTO senders (sender_hash, hour, posts) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET posts = posts + 1",
      )
      .bind(sender, hour),
    db.prepare("SELECT posts FROM senders WHERE sender_hash = ? AND hour = ?").bind(sender, hour),
  ])
  const posts = (counted.results[0] as { posts: number } | undefined)?.posts ?? 0
  return posts <= perHour
}
