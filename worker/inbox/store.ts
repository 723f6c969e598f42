/*
 * The inbox's rows in D1 (migrations/): a request is stored under its reference, so a repeat of the same
 * request updates the row it made, never a second one. The e-mail's state starts pending and is set by the
 * browser once the mail service has answered (the host's own e-mail keeps its time apart, so both are kept);
 * requests past the owner's retention are deleted on each post.
 */
import type { InboxRequest, InboxUpdate } from "../../src/lib/estimate/inbox-request"
import type { D1Database } from "./database"

/** Stores a request, or updates the row of its reference; true when the row is new. */
export async function upsertRequest(db: D1Database, request: InboxRequest, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const existing = await db.prepare("SELECT ref FROM requests WHERE ref = ?").bind(request.ref).first()
  // A repeat keeps the time the inbox first had it and the e-mail's state; the visitor's values are the latest.
  await db
    .prepare(
      `INSERT INTO requests (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone, spam)
       VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (ref) DO UPDATE SET updated_at = ?2, sent_at = ?3, page_title = ?4, page_path = ?5,
         name = ?6, phone = ?7, spam = ?8`,
    )
    .bind(
      request.ref,
      at,
      request.sentAt,
      request.pageTitle,
      request.pagePath,
      request.name,
      request.phone,
      request.spam,
    )
    .run()
  return existing === null
}

/**
 * Requests no e-mail told the owner of (neither the browser's nor the host's), apart from `ref`, and not a bot's:
 * the next e-mail counts them.
 */
export async function countNotEmailed(db: D1Database, ref: string): Promise<number> {
  const row = await db
    .prepare(
      "SELECT COUNT(*) AS waiting FROM requests WHERE email <> 'sent' AND host_email_at IS NULL AND spam <> 'bot' AND ref <> ?",
    )
    .bind(ref)
    .first<{ waiting: number }>()
  return row?.waiting ?? 0
}

/** Whether the host's own e-mail has told the owner of the request (worker/notify/host-email.ts). */
export async function hostEmailed(db: D1Database, ref: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT host_email_at FROM requests WHERE ref = ?")
    .bind(ref)
    .first<{ host_email_at: string | null }>()
  return Boolean(row?.host_email_at)
}

/** Records the e-mail's outcome or the follow-up details on a stored request; false when there is none. */
export async function updateRequest(db: D1Database, ref: string, update: InboxUpdate, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const statements = [db.prepare("UPDATE requests SET updated_at = ? WHERE ref = ?").bind(at, ref)]
  if (update.email)
    statements.push(
      // A failure reported late never undoes an e-mail that went out.
      db
        .prepare(
          "UPDATE requests SET email = ?, email_note = ?, email_at = ? WHERE ref = ? AND (email <> 'sent' OR ? = 'sent')",
        )
        .bind(update.email, update.note ?? null, at, ref, update.email),
    )
  if (update.project || update.size || update.when)
    statements.push(
      db
        .prepare("UPDATE requests SET project = ?, size = ?, timing = ? WHERE ref = ?")
        .bind(update.project ?? null, update.size ?? null, update.when ?? null, ref),
    )
  const [first] = await db.batch(statements)
  return first.meta.changes > 0
}

/** Deletes the requests received more than `months` months before now; returns how many. */
export async function deleteOlderThan(db: D1Database, months: number, now: Date): Promise<number> {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const result = await db.prepare("DELETE FROM requests WHERE received_at < ?").bind(cutoff.toISOString()).run()
  return result.meta.changes
}
