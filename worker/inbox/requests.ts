/*
 * The estimate inbox (docs/estimate-form.md): every request the form sends is stored here, in the host's own
 * database, before the mail service is asked, so a request the business's e-mail never receives is still the
 * business's. POST /api/requests stores one with the hash of its secret (src/lib/estimate/reference.ts); a
 * repeat with the same reference and secret updates that row, and with another secret changes nothing. PATCH
 * /api/requests/<ref> records the e-mail's outcome and the follow-up details, for the same secret only. The
 * answers are the same whether a reference exists or not, and say nothing of any other request; the one thing
 * a post learns is whether the host's own e-mail has told the owner of it already (then the browser sends
 * none). A new request that is not a bot's is pushed to the owner's phones once the visitor has the answer
 * (worker/notify/request-push.ts). Posts are limited per sender and per day (rate-limit.ts); past either, a
 * refusal in words, and the form goes on by e-mail alone.
 */
import { ValidationError, type AnyObjectSchema, type InferType } from "yup"
import { leadPostSchema, leadUpdateSchema } from "../../src/lib/estimate/inbox-schemas"
import { isReference } from "../../src/lib/estimate/reference"
import { setting, type D1Database, type InboxEnv } from "./database"
import { answer, checkOrigin, json, noInbox, readJson, refusal, Refusal } from "./http"
import type { Env, ExecutionContext } from "../env"
import { tellOwnerOfCeiling } from "../notify/ceiling"
import { notifyOwnerOfLead } from "../notify/request-push"
import { withinLimits, type LimitVerdict } from "./rate-limit"
import { deleteExpired, hostEmailed, secretHash, updateLead, upsertLead } from "./store"

export const DEFAULT_POSTS_PER_HOUR = 20
export const DEFAULT_POSTS_PER_DAY = 200

export interface InboxContext {
  request: Request
  env: Env
  params?: Record<string, string | string[]>
  context: ExecutionContext
}

const REFUSED: Record<"sender" | "site", [code: "SENDER_LIMIT" | "SITE_LIMIT", message: string]> = {
  sender: ["SENDER_LIMIT", "Too many requests came from this network in the last hour. Please call us instead."],
  site: [
    "SITE_LIMIT",
    "The website's inbox has taken all the requests it takes in a day; this one goes to us by e-mail instead.",
  ],
}

const notFound = () => refusal(404, "NOT_FOUND", "There is no request with that reference and secret.")

function database(env: InboxEnv): D1Database {
  if (!env.DB) throw noInbox()
  return env.DB
}

/** The body checked by the schema, its values as the schema casts them; a 400 naming the first problem. */
async function valid<Schema extends AnyObjectSchema>(schema: Schema, body: unknown): Promise<InferType<Schema>> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new Refusal(400, "INVALID", "The request must be a JSON object.")
  // yup's noUnknown drops unknown fields when it casts; the inbox refuses them instead. Own fields only, so a
  // field named after one every object inherits ("constructor") is unknown too.
  const unknown = Object.keys(body).find(field => !Object.prototype.hasOwnProperty.call(schema.fields, field))
  if (unknown) throw new Refusal(400, "INVALID", `The inbox does not know the field "${unknown.slice(0, 40)}".`)
  // Every field of a request and of an update is text.
  const notText = Object.entries(body).find(([, value]) => typeof value !== "string")
  if (notText) throw new Refusal(400, "INVALID", `The field "${notText[0]}" must be text.`)
  try {
    return await schema.validate(body, { abortEarly: true, strict: false })
  } catch (error) {
    if (error instanceof ValidationError) throw new Refusal(400, "INVALID", error.errors[0] ?? error.message)
    throw error
  }
}

/** A refusal for a post over a limit; the owner is told (once a day) when the site's ceiling is met. */
function overLimit(verdict: Exclude<LimitVerdict, { ok: true }>, env: Env, context: ExecutionContext, perDay: number) {
  if (verdict.over === "site" && verdict.firstRefusal) context.waitUntil(tellOwnerOfCeiling(env, perDay, new Date()))
  return refusal(429, ...REFUSED[verdict.over])
}

export const storeLead = ({ request, env, context }: InboxContext) =>
  answer(async () => {
    checkOrigin(request)
    const db = database(env)
    const body = await valid(leadPostSchema, await readJson(request))
    const now = new Date()
    const perDay = setting(env.INBOX_POSTS_PER_DAY, DEFAULT_POSTS_PER_DAY)
    const perHour = setting(env.INBOX_POSTS_PER_HOUR, DEFAULT_POSTS_PER_HOUR)
    const verdict = await withinLimits(db, request, { perHour, perDay, now })
    if (!verdict.ok) return overLimit(verdict, env, context, perDay)
    await deleteExpired(db, env, now)
    const outcome = await upsertLead(db, body, await secretHash(body.secret), now)
    if (outcome === "created" && body.spam !== "bot") context.waitUntil(notifyOwnerOfLead(env, body.ref))
    // One answer for a new request, a repeat and a post with the wrong secret, so nobody learns which references
    // exist; told only for the request's own browser.
    return json(200, { ref: body.ref, stored: true, told: outcome !== "refused" && (await hostEmailed(db, body.ref)) })
  })

export const recordOutcome = ({ request, env, params }: InboxContext) =>
  answer(async () => {
    checkOrigin(request)
    const db = database(env)
    const ref = params?.ref
    if (!isReference(ref)) return notFound()
    const update = await valid(leadUpdateSchema, await readJson(request))
    // Counted like posts, so nobody can try secret after secret; not against the day's ceiling.
    const perHour = setting(env.INBOX_POSTS_PER_HOUR, DEFAULT_POSTS_PER_HOUR)
    const verdict = await withinLimits(db, request, { perHour, perDay: null, now: new Date() })
    if (!verdict.ok) return refusal(429, ...REFUSED.sender)
    if (!(await updateLead(db, ref, await secretHash(update.secret), update, new Date()))) return notFound()
    return json(200, { ref, updated: true })
  })
