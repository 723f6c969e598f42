/*
 * What every answer of the inbox's handlers shares: JSON, a refusal's with its code and its words
 * (src/lib/estimate/inbox-contract.ts › ErrorAnswer), no caching, and the door checks of a post (its origin, its
 * content type and its size) before any of it is read.
 */
import type { ErrorAnswer, ErrorCode } from "../../src/lib/estimate/inbox-contract"

/** A request body over this is refused unread: a name, a phone, a page and a time fit in well under 1 KB. */
export const MAX_BODY_BYTES = 4_096

const HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" }

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...HEADERS, "Content-Type": "application/json" } })

/** A refusal: its code, which the browser acts on, and its words, for the owner, a console or the host's logs. */
export const refusal = (status: number, error: ErrorCode, message: string): Response =>
  json(status, { error, message } satisfies ErrorAnswer)

/** A refusal, thrown from deep in a check and answered as it is. */
export class Refusal extends Error {
  readonly response: Response
  constructor(status: number, code: ErrorCode, message: string) {
    super(message)
    this.response = refusal(status, code, message)
  }
}

/**
 * Only the site's own pages may post: a browser names the page's origin on every POST and PATCH, and a page of
 * another site cannot hide its own. A request without one is not a page of this site either.
 */
export function checkOrigin(request: Request): void {
  const origin = request.headers.get("Origin")
  if (origin !== new URL(request.url).origin)
    throw new Refusal(403, "OTHER_ORIGIN", "Requests are accepted only from this site's own pages.")
}

/** The body as JSON, after the content type and the size are checked; each refusal says what was wrong. */
export async function readJson(request: Request): Promise<unknown> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase()
  if (type !== "application/json")
    throw new Refusal(400, "NOT_JSON", "The request must be sent as JSON (Content-Type: application/json).")
  const tooLarge = () =>
    new Refusal(413, "TOO_LARGE", `The request is larger than the ${MAX_BODY_BYTES} bytes an estimate request needs.`)
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) throw tooLarge()
  const text = await request.text()
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw tooLarge()
  try {
    return JSON.parse(text)
  } catch {
    throw new Refusal(400, "NOT_JSON", "The request is not valid JSON.")
  }
}

/** Runs a handler, answering a Refusal as it is and anything else as the inbox being unavailable. */
export async function answer(handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle()
  } catch (error) {
    if (error instanceof Refusal) return error.response
    console.error(error)
    return refusal(
      503,
      "UNAVAILABLE",
      "The inbox could not store the request just now; the form sends it by e-mail instead.",
    )
  }
}

/** The refusal of every handler that needs the database, on a host without one bound. */
export const noInbox = () => new Refusal(503, "NO_INBOX", "This site keeps no inbox: no database is bound to it.")
