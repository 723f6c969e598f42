/*
 * The owner's list of leads (GET /api/leads, ?format=csv for a spreadsheet; DELETE /api/leads/<ref> forgets
 * one), behind the content manager's GitHub sign-in (owner.ts). Newest first, with counts by month and by
 * page. Requests older than the retention are deleted before every answer, as on every post.
 */
import { NO_INBOX, type LeadsAnswer, type StoredRequest } from "../../src/lib/estimate/stored-request"
import { isReference } from "../../src/lib/estimate/reference"
import { setting, type InboxEnv } from "./database"
import { answer, json, readJson, Refusal, sentence } from "./http"
import { checkOwner, type OwnerEnv } from "./owner"
import { DEFAULT_RETENTION_MONTHS } from "./requests"
import { deleteOlderThan } from "./store"

export type LeadsEnv = InboxEnv & OwnerEnv

export interface LeadsContext {
  request: Request
  env: LeadsEnv
  params?: Record<string, string | string[]>
}

const COLUMNS: (keyof StoredRequest)[] = [
  "ref",
  "received_at",
  "page_path",
  "page_title",
  "name",
  "phone",
  "project",
  "size",
  "timing",
  "email",
  "email_note",
  "spam",
  "sent_at",
]

// A cell a spreadsheet would run as a formula (=, +, -, @) is written as text.
const cell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const toCsv = (rows: StoredRequest[]) =>
  [COLUMNS.join(","), ...rows.map(row => COLUMNS.map(column => cell(row[column])).join(","))].join("\r\n") + "\r\n"

async function ownersDatabase({ request, env }: LeadsContext) {
  await checkOwner(request, env)
  if (!env.DB) throw new Refusal(sentence(503, NO_INBOX))
  await deleteOlderThan(env.DB, setting(env.LEADS_RETENTION_MONTHS, DEFAULT_RETENTION_MONTHS), new Date())
  return env.DB
}

export const listLeads = (context: LeadsContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    const { results } = await db.prepare("SELECT * FROM requests ORDER BY received_at DESC").all<StoredRequest>()
    if (new URL(context.request.url).searchParams.get("format") === "csv")
      return new Response(toCsv(results), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="leads.csv"',
          "Cache-Control": "no-store",
        },
      })
    const byMonth = await db
      .prepare(
        "SELECT substr(received_at, 1, 7) AS month, COUNT(*) AS requests FROM requests GROUP BY month ORDER BY month DESC",
      )
      .all<LeadsAnswer["byMonth"][number]>()
    const byPage = await db
      .prepare(
        "SELECT page_path AS page, COUNT(*) AS requests FROM requests GROUP BY page ORDER BY requests DESC, page",
      )
      .all<LeadsAnswer["byPage"][number]>()
    const list: LeadsAnswer = { leads: results, byMonth: byMonth.results, byPage: byPage.results }
    return json(200, list)
  })

export const forgetLead = (context: LeadsContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    const ref = context.params?.ref
    if (!isReference(ref)) return sentence(404, "There is no request with that reference.")
    const { meta } = await db.prepare("DELETE FROM requests WHERE ref = ?").bind(ref).run()
    return meta.changes > 0
      ? new Response(null, { status: 204 })
      : sentence(404, "There is no request with that reference.")
  })

/** PATCH /api/leads/<ref> {"called": true}: the owner called the visitor back (false takes the mark back). */
export const markCalled = (context: LeadsContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    const ref = context.params?.ref
    if (!isReference(ref)) return sentence(404, "There is no request with that reference.")
    const body = (await readJson(context.request)) as { called?: unknown }
    if (typeof body?.called !== "boolean") return sentence(400, 'Send {"called": true} or {"called": false}.')
    const calledAt = body.called ? new Date().toISOString() : null
    const { meta } = await db
      .prepare(
        "UPDATE requests SET called_at = CASE WHEN ?1 IS NULL THEN NULL ELSE COALESCE(called_at, ?1) END WHERE ref = ?2",
      )
      .bind(calledAt, ref)
      .run()
    return meta.changes > 0
      ? json(200, { ref, called: body.called })
      : sentence(404, "There is no request with that reference.")
  })
