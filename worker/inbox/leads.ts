/*
 * The owner's list of leads (GET /api/leads, ?format=csv for a spreadsheet; DELETE /api/leads/<ref> forgets
 * one; PATCH marks one called), behind the content manager's GitHub sign-in (owner.ts). Newest first, with
 * counts by month and by page, which ways of telling the owner are set up, and the median time to the owner's
 * call. Requests older than the retention are deleted before every answer, as on every post.
 */
import {
  MEDIAN_DAYS,
  NO_INBOX,
  type Channels,
  type LeadsAnswer,
  type StoredRequest,
} from "../../src/lib/estimate/stored-request"
import { isReference } from "../../src/lib/estimate/reference"
import type { NotifyEnv } from "../env"
import { setting, type InboxEnv } from "./database"
import { answer, json, readJson, Refusal, sentence } from "./http"
import { checkOwner, type OwnerEnv } from "./owner"
import { DEFAULT_RETENTION_MONTHS } from "./requests"
import { deleteOlderThan } from "./store"
import { hasPushKeys } from "../notify/push"

export type LeadsEnv = InboxEnv & OwnerEnv & NotifyEnv

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
  "host_email_at",
  "pushed_at",
  "called_at",
]

// A cell a spreadsheet would run as a formula (=, +, -, @) is written as text.
const cell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const toCsv = (rows: StoredRequest[]) =>
  [COLUMNS.join(","), ...rows.map(row => COLUMNS.map(column => cell(row[column])).join(","))].join("\r\n") + "\r\n"

/** Which ways of telling the owner the host has, and the last error of its e-mail for a request still waiting. */
export const channelsOf = (env: NotifyEnv, leads: StoredRequest[]): Channels => ({
  push: hasPushKeys(env),
  hostEmail: Boolean(env.OWNER_EMAIL),
  hostEmailError: leads.find(lead => !lead.host_email_at && lead.host_email_note)?.host_email_note ?? null,
})

/** The median minutes from a request's arrival to the owner's call, over a person's requests of the last 90 days. */
export function medianMinutesToCall(leads: StoredRequest[], now: Date): number | null {
  const since = now.getTime() - MEDIAN_DAYS * 86_400_000
  const minutes = leads
    .flatMap(({ called_at: called, received_at: received, spam }) =>
      called && spam !== "bot" && Date.parse(received) >= since
        ? [(Date.parse(called) - Date.parse(received)) / 60_000]
        : [],
    )
    .sort((a, b) => a - b)
  if (minutes.length === 0) return null
  const middle = Math.floor(minutes.length / 2)
  const median = minutes.length % 2 === 1 ? minutes[middle] : (minutes[middle - 1] + minutes[middle]) / 2
  return Math.round(median)
}

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
    const list: LeadsAnswer = {
      leads: results,
      byMonth: byMonth.results,
      byPage: byPage.results,
      channels: channelsOf(context.env, results),
      medianMinutesToCall: medianMinutesToCall(results, new Date()),
    }
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
    // A second Called keeps the first time: the time to call is measured to the first.
    const row = await db
      .prepare(
        `UPDATE requests SET called_at = CASE WHEN ?1 IS NULL THEN NULL ELSE COALESCE(called_at, ?1) END WHERE ref = ?2
         RETURNING called_at`,
      )
      .bind(calledAt, ref)
      .first<{ called_at: string | null }>()
    return row
      ? json(200, { ref, called: body.called, calledAt: row.called_at })
      : sentence(404, "There is no request with that reference.")
  })
