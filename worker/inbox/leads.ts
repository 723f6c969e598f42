/*
 * The owner's list of leads (GET /api/leads, ?format=csv for a spreadsheet; DELETE /api/leads/<ref> forgets
 * one; PATCH marks one called), behind the content manager's GitHub sign-in (owner.ts). Newest first, a page of
 * LEADS_PAGE at a time, with the counts over all of them, by month and by page, which ways of telling the owner
 * are set up, and the median time to the owner's call: each an indexed query or one pass of SQLite, so the
 * answer stays quick with 100,000 rows (docs/performance.md). Requests older than the retention are deleted
 * before every answer, as on every post.
 */
import {
  BY_PAGE_LIMIT,
  LEADS_PAGE,
  MEDIAN_DAYS,
  type Channels,
  type LeadsAnswer,
  type LeadsPage,
  type StoredLead,
} from "../../src/lib/estimate/inbox-contract"
import { isReference } from "../../src/lib/estimate/reference"
import type { NotifyEnv } from "../env"
import type { D1Database, InboxEnv } from "./database"
import { answer, json, noInbox, readJson, refusal } from "./http"
import { checkOwner, type OwnerEnv } from "./owner"
import { deleteExpired } from "./store"
import { hasPushKeys } from "../notify/push"

export type LeadsEnv = InboxEnv & OwnerEnv & NotifyEnv

export interface LeadsContext {
  request: Request
  env: LeadsEnv
  params?: Record<string, string | string[]>
}

const COLUMNS: (keyof StoredLead)[] = [
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

/**
 * A cell as text that every spreadsheet shows as it is. A cell that starts with a formula's trigger (= + - @,
 * their full-width forms, a tab or a line break), after any spaces a spreadsheet skips, is written with a
 * leading apostrophe, which Excel and LibreOffice hide and take as "text"; NUL is removed.
 */
const FORMULA = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n]/
const cell = (value: unknown) => {
  const text = (value === null || value === undefined ? "" : String(value)).replace(/\0/g, "")
  const safe = FORMULA.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The CSV of the rows, with the UTF-8 byte-order mark Excel needs to read accents right. */
export const toCsv = (rows: StoredLead[]) =>
  "\uFEFF" +
  [COLUMNS.join(","), ...rows.map(row => COLUMNS.map(column => cell(row[column])).join(","))].join("\r\n") +
  "\r\n"

/** Which ways of telling the owner the host has, and the last error of its e-mail for a request still waiting. */
export const channelsOf = (env: NotifyEnv, hostEmailError: string | null): Channels => ({
  push: hasPushKeys(env),
  hostEmail: Boolean(env.OWNER_EMAIL),
  hostEmailError,
})

/** The median minutes from a request's arrival to the owner's call, over a person's requests of the last 90 days. */
export function medianMinutesToCall(
  leads: Pick<StoredLead, "called_at" | "received_at" | "spam">[],
  now: Date,
): number | null {
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
  if (!env.DB) throw noInbox()
  await deleteExpired(env.DB, env, new Date())
  return env.DB
}

/** A page's place in the list, newest first: the last row's arrival and reference, as `before=<time>~<ref>`. */
const cursorOf = (row: Pick<StoredLead, "received_at" | "ref">) => `${row.received_at}~${row.ref}`

function parseCursor(value: string | null): { at: string; ref: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)~([A-Z0-9]{1,12})$/.exec(value ?? "")
  return match ? { at: match[1], ref: match[2] } : null
}

async function csvAnswer(db: D1Database) {
  const { results } = await db.prepare("SELECT * FROM leads ORDER BY received_at DESC, ref DESC").all<StoredLead>()
  return new Response(toCsv(results), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="leads.csv"',
      "Cache-Control": "no-store",
    },
  })
}

/** A page of rows, newest first: the first, the one before `before`, or the one request `ref` alone. */
async function pageOf(db: D1Database, before: { at: string; ref: string } | null, ref: string | null) {
  const query = isReference(ref)
    ? db.prepare("SELECT * FROM leads WHERE ref = ?").bind(ref)
    : before
      ? db
          .prepare("SELECT * FROM leads WHERE (received_at, ref) < (?, ?) ORDER BY received_at DESC, ref DESC LIMIT ?")
          .bind(before.at, before.ref, LEADS_PAGE + 1)
      : db.prepare("SELECT * FROM leads ORDER BY received_at DESC, ref DESC LIMIT ?").bind(LEADS_PAGE + 1)
  const { results } = await query.all<StoredLead>()
  const more = !isReference(ref) && results.length > LEADS_PAGE
  const leads = more ? results.slice(0, LEADS_PAGE) : results
  return { leads, next: more ? cursorOf(leads[leads.length - 1]) : null } satisfies LeadsPage
}

/** What the first page counts over every request, each from an index (migrations/0003). */
async function summaryOf(db: D1Database, env: LeadsEnv, now: Date) {
  const since = new Date(now.getTime() - MEDIAN_DAYS * 86_400_000).toISOString()
  const [counts, byMonth, byPage, called, failing] = await db.batch([
    db.prepare(
      `SELECT COUNT(*) AS total,
         COALESCE(SUM(called_at IS NULL AND spam <> 'bot'), 0) AS toCall,
         COALESCE(SUM(email <> 'sent' AND host_email_at IS NULL AND spam <> 'bot'), 0) AS notEmailed
       FROM leads`,
    ),
    db.prepare(
      "SELECT substr(received_at, 1, 7) AS month, COUNT(*) AS requests FROM leads GROUP BY month ORDER BY month DESC",
    ),
    db
      .prepare(
        "SELECT page_path AS page, COUNT(*) AS requests FROM leads GROUP BY page ORDER BY requests DESC, page LIMIT ?",
      )
      .bind(BY_PAGE_LIMIT),
    db
      .prepare(
        "SELECT received_at, called_at, spam FROM leads WHERE called_at IS NOT NULL AND spam <> 'bot' AND received_at >= ?",
      )
      .bind(since),
    db.prepare(
      `SELECT host_email_note FROM leads WHERE host_email_at IS NULL AND host_email_note IS NOT NULL
       ORDER BY received_at DESC LIMIT 1`,
    ),
  ])
  return {
    counts: counts.results[0] as LeadsAnswer["counts"],
    byMonth: byMonth.results as LeadsAnswer["byMonth"],
    byPage: byPage.results as LeadsAnswer["byPage"],
    channels: channelsOf(env, (failing.results[0] as { host_email_note: string } | undefined)?.host_email_note ?? null),
    medianMinutesToCall: medianMinutesToCall(called.results as StoredLead[], now),
  }
}

/**
 * GET /api/leads: the newest LEADS_PAGE requests with the counts over all of them (LeadsAnswer); `before=<cursor>`
 * the next older page and `ref=<reference>` one request alone (LeadsPage); `format=csv` every request, as a file.
 */
export const listLeads = (context: LeadsContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    const query = new URL(context.request.url).searchParams
    if (query.get("format") === "csv") return csvAnswer(db)
    const before = parseCursor(query.get("before"))
    const ref = query.get("ref")
    const page = await pageOf(db, before, ref)
    if (before || ref !== null) return json(200, page)
    const list: LeadsAnswer = { ...page, ...(await summaryOf(db, context.env, new Date())) }
    return json(200, list)
  })

const notFound = () => refusal(404, "NOT_FOUND", "There is no request with that reference.")

export const forgetLead = (context: LeadsContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    const ref = context.params?.ref
    if (!isReference(ref)) return notFound()
    const { meta } = await db.prepare("DELETE FROM leads WHERE ref = ?").bind(ref).run()
    return meta.changes > 0 ? new Response(null, { status: 204 }) : notFound()
  })

/** PATCH /api/leads/<ref> {"called": true}: the owner called the visitor back (false takes the mark back). */
export const markCalled = (context: LeadsContext) =>
  answer(async () => {
    const db = await ownersDatabase(context)
    const ref = context.params?.ref
    if (!isReference(ref)) return notFound()
    const body = (await readJson(context.request)) as { called?: unknown }
    if (typeof body?.called !== "boolean") return refusal(400, "INVALID", 'Send {"called": true} or {"called": false}.')
    const calledAt = body.called ? new Date().toISOString() : null
    // A second Called keeps the first time: the time to call is measured to the first.
    const row = await db
      .prepare(
        `UPDATE leads SET called_at = CASE WHEN ?1 IS NULL THEN NULL ELSE COALESCE(called_at, ?1) END WHERE ref = ?2
         RETURNING called_at`,
      )
      .bind(calledAt, ref)
      .first<{ called_at: string | null }>()
    return row ? json(200, { ref, called: body.called, calledAt: row.called_at }) : notFound()
  })
