/*
 * The estimate inbox (docs/estimate-form.md): every request the form sends is stored here, in the host's own
 * database, before the mail service is asked, so a request the business's e-mail never receives is still the
 * business's. POST /api/requests stores one (a repeat of its reference updates the same row) and answers how
 * many earlier requests have not been e-mailed, which the next e-mail tells the owner, and whether the host's
 * own e-mail has told the owner of this one already (then the browser sends none); PATCH
 * /api/requests/<ref> records the e-mail's outcome and the follow-up details. A new request that is not a bot's
 * is pushed to the owner's phones once the visitor has the answer (worker/notify/request-push.ts).
 */
import { ValidationError, type AnyObjectSchema, type InferType } from "yup"
import { LEADS_RETENTION_MONTHS_DEFAULT } from "../../src/lib/estimate/inbox"
import { inboxRequestSchema, inboxUpdateSchema } from "../../src/lib/estimate/inbox-request"
import { isReference } from "../../src/lib/estimate/reference"
import { setting, type D1Database, type InboxEnv } from "./database"
import { answer, checkOrigin, json, readJson, Refusal, sentence } from "./http"
import type { Env, ExecutionContext } from "../env"
import { notifyOwnerOfRequest } from "../notify/request-push"
import { withinLimit } from "./rate-limit"
import { countNotEmailed, deleteOlderThan, hostEmailed, updateRequest, upsertRequest } from "./store"

export const DEFAULT_POSTS_PER_HOUR = 20
export const DEFAULT_RETENTION_MONTHS = LEADS_RETENTION_MONTHS_DEFAULT

export interface InboxContext {
  request: Request
  env: InboxEnv
  params?: Record<string, string | string[]>
}

/** A post's context: the whole environment and the run's, so the owner's push can go out after the answer. */
export interface PostContext extends InboxContext {
  env: Env
  context: ExecutionContext
}

const TOO_MANY = "Too many requests came from this address in the last hour. Please call us instead."

const limitOf = (env: InboxEnv, now: Date) => ({
  perHour: setting(env.INBOX_POSTS_PER_HOUR, DEFAULT_POSTS_PER_HOUR),
  salt: env.INBOX_SALT ?? "",
  now,
})

function database(env: InboxEnv): D1Database {
  if (!env.DB)
    throw new Refusal(sentence(503, "This site keeps no inbox: no database is bound to it (docs/deploying.md)."))
  return env.DB
}

/** The body checked by the schema, its values as the schema casts them; a 400 naming the first problem. */
async function valid<Schema extends AnyObjectSchema>(schema: Schema, body: unknown): Promise<InferType<Schema>> {
  // yup's noUnknown drops unknown fields when it casts; the inbox refuses them instead.
  const unknown = Object.keys(body ?? {}).find(field => !(field in schema.fields))
  if (unknown) throw new Refusal(sentence(400, `The inbox does not know the field "${unknown.slice(0, 40)}".`))
  try {
    return await schema.validate(body, { abortEarly: true, strict: false })
  } catch (error) {
    if (error instanceof ValidationError) throw new Refusal(sentence(400, error.errors[0] ?? error.message))
    throw error
  }
}

export const storeRequest = ({ request, env, context }: PostContext) =>
  answer(async () => {
    checkOrigin(request)
    const db = database(env)
    const body = await valid(inboxRequestSchema, await readJson(request))
    const now = new Date()
    if (!(await withinLimit(db, request, limitOf(env, now)))) return sentence(429, TOO_MANY)
    await deleteOlderThan(db, setting(env.LEADS_RETENTION_MONTHS, DEFAULT_RETENTION_MONTHS), now)
    const created = await upsertRequest(db, body, now)
    if (created && body.spam !== "bot") context.waitUntil(notifyOwnerOfRequest(env, body.ref))
    // told: the host's own e-mail has told the owner already, so a late browser sends no second one.
    return json(created ? 201 : 200, {
      ref: body.ref,
      stored: true,
      notEmailed: await countNotEmailed(db, body.ref),
      told: await hostEmailed(db, body.ref),
    })
  })

export const recordOutcome = ({ request, env, params }: InboxContext) =>
  answer(async () => {
    checkOrigin(request)
    const db = database(env)
    const ref = params?.ref
    if (!isReference(ref)) return sentence(404, "There is no request with that reference.")
    const update = await valid(inboxUpdateSchema, await readJson(request))
    // Counted like posts, so nobody can try reference after reference to mark requests e-mailed.
    if (!(await withinLimit(db, request, limitOf(env, new Date())))) return sentence(429, TOO_MANY)
    if (!(await updateRequest(db, ref, update, new Date())))
      return sentence(404, "There is no request with that reference.")
    return json(200, { ref, updated: true })
  })
