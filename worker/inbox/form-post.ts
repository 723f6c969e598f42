/*
 * The estimate form without its code (issue 49): the form's own POST, when the page's scripts are blocked,
 * failed or switched off. POST /api/requests/form takes the fields as the browser sends them
 * (application/x-www-form-urlencoded), makes the reference and the secret the script would have made, stores the
 * request as the inbox stores any (requests.ts, the same limits), and answers 303 to
 * /api/requests/form/<reference>, a page that shows the reference, so a reload never sends it twice. The owner
 * hears of it from the host, as of any request whose browser sent no e-mail: the push at once, the host's e-mail
 * after its minutes (worker/notify/). A problem with what was typed answers a page that says what and keeps it
 * in the form; a refusal (the limits, no inbox) answers a page with the business's phone number.
 */
import { ValidationError } from "yup"
import business from "../../data/business.json"
import { HONEYPOT_FIELD } from "../../src/lib/estimate/fields"
import { INBOX_FORM_PATH } from "../../src/lib/estimate/inbox-contract"
import { leadPostSchema, type LeadPost } from "../../src/lib/estimate/inbox-schemas"
import { isReference, makeReference, makeSecret } from "../../src/lib/estimate/reference"
import { telHref } from "../../src/lib/urls"
import type { Env, ExecutionContext } from "../env"
import { tellOwnerOfCeiling } from "../notify/ceiling"
import { notifyOwnerOfLead } from "../notify/request-push"
import { setting } from "./database"
import { checkOrigin, MAX_BODY_BYTES, Refusal } from "./http"
import { withinLimits } from "./rate-limit"
import { DEFAULT_POSTS_PER_DAY, DEFAULT_POSTS_PER_HOUR } from "./requests"
import { deleteExpired, secretHash, upsertLead } from "./store"

const FORM_PATH = INBOX_FORM_PATH

interface FormContext {
  request: Request
  env: Env
  params?: Record<string, string | string[]>
  context: ExecutionContext
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, character => `&#${character.charCodeAt(0)};`)

const callLine = () =>
  `Call ${escapeHtml(business.name)} at <a href="${escapeHtml(telHref(business.phone))}">${escapeHtml(business.phone)}</a>.`

/** A page of the Worker's own: the site's words and phone number, its one style by a nonce, nothing else. */
function page(status: number, title: string, body: string, headers: Record<string, string> = {}): Response {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="robots" content="noindex"/>
<title>${escapeHtml(title)} | ${escapeHtml(business.name)}</title>
<style nonce="${nonce}">
body{font:1.125rem/1.6 system-ui,sans-serif;color:#1a1a1a;background:#fff;margin:0;padding:1.5rem;max-width:40rem}
a{color:#0b4f8a}label{display:block;font-weight:600;margin-top:1rem}
input{font:inherit;padding:.6rem;width:100%;max-width:24rem;border:2px solid #555;border-radius:4px;box-sizing:border-box}
button{font:inherit;font-weight:600;margin-top:1.25rem;padding:.75rem 1.25rem;color:#fff;background:#0b4f8a;border:0;border-radius:4px}
.problem{color:#8a1c1c;font-weight:600}.reference{font-size:1.5rem;font-weight:700;letter-spacing:.1em}
</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">${escapeHtml(business.name)}: home</a></p>
</main></body>
</html>
`
  return new Response(html, {
    status,
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    },
  })
}

/** The page the visitor sent it from, by the Referer a same-origin form post carries; the estimate page else. */
function pagePathOf(request: Request): string {
  try {
    const referer = new URL(request.headers.get("Referer") ?? "")
    if (referer.origin === new URL(request.url).origin) return referer.pathname.slice(0, 300)
  } catch {
    // No Referer, or not an address.
  }
  return "/estimate/"
}

/** That page's own title, read from the built page; its path when it has none. */
async function pageTitleOf(env: Env, request: Request, path: string): Promise<string> {
  try {
    const response = await env.ASSETS.fetch(new Request(new URL(path, request.url)))
    const title = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(await response.text())?.[1]
    if (response.ok && title)
      return title
        .replace(/&amp;/g, "&")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .trim()
  } catch {
    // The title is the page's path then.
  }
  return path
}

/** The form again, with what was typed and what is wrong with it. */
function problemPage(problem: string, typed: { name: string; phone: string }): Response {
  const field = (name: "name" | "phone", label: string, type: string, autocomplete: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(typed[name])}" required/>`
  return page(
    400,
    "Please check your request",
    `<p class="problem" role="alert">${escapeHtml(problem)}</p>
<form method="post" action="${FORM_PATH}">
${field("name", "Your name", "text", "name")}
${field("phone", "Phone number", "tel", "tel")}
<button type="submit">Get My Free Estimate</button>
</form>
<p>Or ${callLine()}</p>`,
  )
}

const refusalPage = (status: number, words: string) =>
  page(status, "We could not take your request here", `<p>${escapeHtml(words)}</p><p>Please ${callLine()}</p>`)

/** POST /api/requests/form: the form's own submit, without the page's code. */
export async function storePostedForm({ request, env, context }: FormContext): Promise<Response> {
  try {
    checkOrigin(request)
  } catch {
    return refusalPage(403, "Requests are accepted only from this site's own pages.")
  }
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase()
  if (type !== "application/x-www-form-urlencoded")
    return refusalPage(400, "This address takes the estimate form only.")
  const text = await request.text()
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES)
    return refusalPage(413, `The request is larger than the ${MAX_BODY_BYTES} bytes an estimate request needs.`)
  const fields = new URLSearchParams(text)
  const typed = { name: fields.get("name") ?? "", phone: fields.get("phone") ?? "" }
  const db = env.DB
  if (!db) return refusalPage(503, "This site keeps no inbox, so the form cannot send without its script.")
  const now = new Date()
  const path = pagePathOf(request)
  const ids = { ref: makeReference(), secret: makeSecret() }
  let body: LeadPost
  try {
    body = await leadPostSchema.validate(
      {
        ...ids,
        ...typed,
        pageTitle: await pageTitleOf(env, request, path),
        pagePath: path,
        // When it was sent, on the business's clock: no visitor's clock runs here.
        sentAt: now.toISOString(),
        // Off-screen and out of the accessibility tree: a person without scripts never sees it, a bot fills it.
        spam: fields.get(HONEYPOT_FIELD) ? "bot" : "empty",
      },
      { abortEarly: true },
    )
  } catch (error) {
    if (error instanceof ValidationError) return problemPage(error.errors[0] ?? error.message, typed)
    throw error
  }
  try {
    const perHour = setting(env.INBOX_POSTS_PER_HOUR, DEFAULT_POSTS_PER_HOUR)
    const perDay = setting(env.INBOX_POSTS_PER_DAY, DEFAULT_POSTS_PER_DAY)
    const verdict = await withinLimits(db, request, { perHour, perDay, now })
    if (!verdict.ok) {
      if (verdict.over === "site" && verdict.firstRefusal) context.waitUntil(tellOwnerOfCeiling(env, perDay, now))
      return refusalPage(429, "Too many requests reached the website just now, so it could not take this one.")
    }
    await deleteExpired(db, env, now)
    await upsertLead(db, body, await secretHash(body.secret), now)
  } catch (error) {
    if (!(error instanceof Refusal)) console.error(error)
    return refusalPage(503, "The website's inbox could not store the request just now.")
  }
  if (body.spam !== "bot") context.waitUntil(notifyOwnerOfLead(env, body.ref))
  return new Response(null, {
    status: 303,
    headers: { Location: `${FORM_PATH}/${body.ref}`, "Cache-Control": "no-store" },
  })
}

/** GET /api/requests/form/<reference>: the page after the form's own submit. Says the reference, nothing stored. */
export async function formReceivedPage({ params }: FormContext): Promise<Response> {
  const ref = params?.ref
  if (!isReference(ref)) return refusalPage(404, "There is no request with that reference.")
  // The words of the form's own success notice (src/components/estimate-notice.tsx).
  return page(
    200,
    "Your estimate request has been sent",
    `<p>We'll contact you soon.</p>
<p>Request <span class="reference">${escapeHtml(ref)}</span></p>
<p>Thank you for choosing ${escapeHtml(business.name)}. If you call us before we call you, give us the reference: ${callLine()}</p>`,
  )
}
