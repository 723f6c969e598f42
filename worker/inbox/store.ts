/*
 * The inbox's rows in D1 (migrations/): a request is stored under its reference with the hash of its secret,
 * so a repeat of the same request (same reference, same secret) updates the row it made, never a second one,
 * and nobody without the secret changes it. The e-mail's state starts pending and is set by the
 * browser once the mail service has answered (the host's own e-mail keeps its time apart, so both are kept);
 * requests past the owner's retention are deleted on each post.
 */
import { retentionMonths } from "../../src/lib/estimate/inbox-contract"
import type { LeadPost, LeadUpdate } from "../../src/lib/estimate/inbox-schemas"
import type { D1Database, InboxEnv } from "./database"
import { Refusal } from "./http"

/** The hash the inbox keeps of a request's secret: the secret itself is 128 random bits, so no salt is needed. */
export async function secretHash(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret))
  return [...new Uint8Array(digest)].map(byte => byte.toString(16).padStart(2, "0")).join("")
}

/**
 * Stores a request with its secret's hash, or updates the row of its reference when the hash is the same.
 * created: a new row; repeat: the row updated; refused: the reference is another secret's, and nothing changed.
 */
export async function upsertLead(
  db: D1Database,
  request: LeadPost,
  hash: string,
  now: Date,
): Promise<"created" | "repeat" | "refused"> {
  const at = now.toISOString()
  // A repeat keeps the time the inbox first had it and the e-mail's state; the visitor's values are the latest.
  const row = await db
    .prepare(
      `INSERT INTO leads (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone, spam, secret_hash)
       VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (ref) DO UPDATE SET updated_at = ?2, sent_at = ?3, page_title = ?4, page_path = ?5,
         name = ?6, phone = ?7, spam = ?8
         WHERE leads.secret_hash = excluded.secret_hash
       RETURNING received_at = updated_at AND updated_at = ?2 AS created`,
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
      hash,
    )
    .first<{ created: number }>()
  if (!row) return "refused"
  return row.created ? "created" : "repeat"
}

/** Whether the host's own e-mail has told the owner of the request (worker/notify/host-email.ts). */
export async function hostEmailed(db: D1Database, ref: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT host_email_at FROM leads WHERE ref = ?")
    .bind(ref)
    .first<{ host_email_at: string | null }>()
  return Boolean(row?.host_email_at)
}

/**
 * Records the e-mail's outcome or the follow-up details on a stored request whose secret has this hash; false
 * when there is none (no such reference, or another secret's).
 */
export async function updateLead(
  db: D1Database,
  ref: string,
  hash: string,
  update: LeadUpdate,
  now: Date,
): Promise<boolean> {
  const owns = await db.prepare("SELECT 1 AS owns FROM leads WHERE ref = ? AND secret_hash = ?").bind(ref, hash).first()
  if (!owns) return false
  const at = now.toISOString()
  const statements = [db.prepare("UPDATE leads SET updated_at = ? WHERE ref = ?").bind(at, ref)]
  if (update.email)
    statements.push(
      // A failure reported late never undoes an e-mail that went out.
      db
        .prepare(
          "UPDATE leads SET email = ?, email_note = ?, email_at = ? WHERE ref = ? AND (email <> 'sent' OR ? = 'sent')",
        )
        .bind(update.email, update.note ?? null, at, ref, update.email),
    )
  if (update.project || update.size || update.when)
    statements.push(
      db
        .prepare("UPDATE leads SET project = ?, size = ?, timing = ? WHERE ref = ?")
        .bind(update.project ?? null, update.size ?? null, update.when ?? null, ref),
    )
  const [first] = await db.batch(statements)
  return first.meta.changes > 0
}

/**
 * Deletes the requests older than the owner's retention (LEADS_RETENTION_MONTHS); a retention outside 1 to 120
 * months is refused in words (503) and nothing is deleted.
 */
export async function deleteExpired(db: D1Database, env: Pick<InboxEnv, "LEADS_RETENTION_MONTHS">, now: Date) {
  let months: number
  try {
    months = retentionMonths(env.LEADS_RETENTION_MONTHS)
  } catch (error) {
    console.error(error)
    throw new Refusal(503, "SETTING", (error as Error).message)
  }
  return deleteOlderThan(db, months, now)
}

/** Deletes the requests received more than `months` months before now; returns how many. */
export async function deleteOlderThan(db: D1Database, months: number, now: Date): Promise<number> {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const result = await db.prepare("DELETE FROM leads WHERE received_at < ?").bind(cutoff.toISOString()).run()
  return result.meta.changes
}
