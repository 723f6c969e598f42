/*
 * The host's own e-mail to the owner (issue 51 › 3), run by the Cron Trigger: each request whose e-mail the
 * visitor's browser did not get out (the tab closed, EmailJS refused or out of quota, no answer) is e-mailed
 * through the `send_email` binding (Email Routing, docs/deploying.md) to the business's address, tried with
 * backoff until it is sent. The browser's EmailJS stays the first e-mail: the host waits GRACE_MINUTES after a
 * request arrives, so in the ordinary case the browser's has gone out and the owner gets one e-mail, not two;
 * once the host has sent one, the inbox tells a late browser so (worker/inbox/requests.ts › told).
 */
import { EmailMessage } from "cloudflare:email"
import business from "../../data/business.json"
import type { Env } from "../env"
import { setting, type D1Database } from "../inbox/database"
import { mimeMessage } from "./mime"
import { ownerEmail, type WaitingRequest } from "./owner-email"

/**
 * How long the visitor's browser has to send its e-mail and report it before the host sends its own; the
 * Worker's HOST_EMAIL_AFTER_MINUTES setting may change it (the browser tests set 0).
 */
export const GRACE_MINUTES = 3
/** A request older than this is left to the Leads view: switching the host's e-mail on never mails the archive. */
export const WITHIN_DAYS = 7
/** Requests e-mailed in one run at most; the rest wait for the next run, two minutes on. */
export const BATCH = 20
/** A claimed request is left alone this long, so a run that dies mid-send never has it sent twice at once. */
const LEASE_MINUTES = 10

const MINUTE = 60_000

/** Minutes to wait after the n-th failed try: 2, 4, 8 … up to an hour. */
export const backoffMinutes = (tries: number) => Math.min(2 ** Math.max(tries, 1), 60)

/** The address the e-mail comes from: EMAIL_FROM, or estimates@ the site's domain (Email Routing's zone). */
export const senderAddress = (env: Pick<Env, "EMAIL_FROM">) =>
  env.EMAIL_FROM?.trim() || `estimates@${new URL(business.siteUrl).hostname.replace(/^www\./, "")}`

const at = (now: Date, minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString()

/** Takes the requests due for the host's e-mail, oldest first, and leases them to this run. */
async function claimWaiting(db: D1Database, now: Date, graceMinutes: number) {
  const { results } = await db
    .prepare(
      `UPDATE leads SET host_email_next_at = ?1
       WHERE ref IN (
         SELECT ref FROM leads
         WHERE email <> 'sent' AND host_email_at IS NULL AND spam <> 'bot'
           AND received_at <= ?2 AND received_at >= ?3
           AND (host_email_next_at IS NULL OR host_email_next_at <= ?4)
         ORDER BY received_at LIMIT ?5)
       RETURNING *`,
    )
    .bind(at(now, LEASE_MINUTES), at(now, -graceMinutes), at(now, -WITHIN_DAYS * 24 * 60), now.toISOString(), BATCH)
    .all<WaitingRequest & { host_email_tries: number }>()
  return results
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300)

/** E-mails the owner each request the browser's e-mail did not reach; resolves to how many went out. */
export async function emailWaitingLeads(env: Env, now: Date): Promise<number> {
  const { DB: db, OWNER_EMAIL: binding } = env
  // Without Email Routing the owner has EmailJS alone, as before; the Leads view says what is missing.
  if (!db || !binding) return 0
  const from = senderAddress(env)
  let sent = 0
  for (const row of await claimWaiting(db, now, setting(env.HOST_EMAIL_AFTER_MINUTES, GRACE_MINUTES))) {
    const content = ownerEmail(row)
    const raw = mimeMessage({
      from: { address: from, name: `${business.name} website` },
      to: { address: business.email, name: business.name },
      date: now,
      messageId: `${row.ref}.${now.getTime()}@${from.split("@")[1]}`,
      ...content,
    })
    try {
      await binding.send(new EmailMessage(from, business.email, raw))
      await db
        .prepare(
          `UPDATE leads SET host_email_at = ?1, host_email_tries = host_email_tries + 1, host_email_next_at = NULL,
             host_email_note = NULL WHERE ref = ?2`,
        )
        .bind(now.toISOString(), row.ref)
        .run()
      sent += 1
    } catch (error) {
      // Kept in the row: the Leads view shows the last error, and the next try waits longer than the last.
      console.error(`The host's e-mail for request ${row.ref} failed:`, error)
      const tries = row.host_email_tries + 1
      await db
        .prepare("UPDATE leads SET host_email_tries = ?1, host_email_next_at = ?2, host_email_note = ?3 WHERE ref = ?4")
        .bind(tries, at(now, backoffMinutes(tries)), describe(error), row.ref)
        .run()
    }
  }
  return sent
}
