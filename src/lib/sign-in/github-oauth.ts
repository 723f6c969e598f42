/*
 * The content manager's sign-in on Cloudflare Pages, run by the site itself as two Pages Functions
 * (functions/auth/index.ts and functions/auth/callback.ts): GitHub's OAuth web flow, ending in the pop-up
 * handshake of Decap CMS's GitHub backend (decap-cms-lib-auth › netlify-auth.js). Decap opens
 * `<base_url>/auth?provider=github&site_id=…&scope=repo` in a pop-up and accepts messages only from base_url,
 * which config.ts sets to the site's own origin.
 *
 * - /auth sends the pop-up to GitHub with a random `state`, kept in an HttpOnly cookie for ten minutes.
 * - /auth/callback refuses a `state` that is not that cookie's, trades the code for a token with the client
 *   secret, and answers a page that hands the token to the content manager: it posts "authorizing:github" to
 *   its opener, and only when the opener answers from the site's own origin does it post
 *   "authorization:github:success:{token, provider}". Every message names the site's origin as its target, so
 *   the browser drops it for a page of any other origin that opened the pop-up.
 *
 * The client id and secret come from the host's settings (environment variables), never from the repository.
 */

/** The Functions' environment: the GitHub OAuth app's id and secret, and GitHub's addresses (tests stand in). */
export interface SignInEnv {
  GITHUB_CLIENT_ID?: string
  GITHUB_CLIENT_SECRET?: string
  GITHUB_AUTHORIZE_URL?: string
  GITHUB_TOKEN_URL?: string
}

export const SIGN_IN_PATH = "/auth"
export const CALLBACK_PATH = `${SIGN_IN_PATH}/callback`
export const STATE_COOKIE = "cms_sign_in_state"
const STATE_LIFETIME_SECONDS = 600
const GITHUB_AUTHORIZE_URL = "https://github.com/login/oauth/authorize"
const GITHUB_TOKEN_URL = "https://github.com/login/oauth/access_token"
/** What Decap asks for: `repo`, or `public_repo` with open authoring. */
const SCOPES = ["repo", "public_repo"]
const PROVIDER = "github"

const NO_STORE = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
}

function randomToken(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes))
  return btoa(String.fromCharCode(...values))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")
}

function stateCookie(request: Request, value: string, maxAge: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : ""
  return `${STATE_COOKIE}=${value}; Path=${SIGN_IN_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`
}

function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=")
    if (key === name) return value.join("=")
  }
  return undefined
}

/** Compares in time that does not depend on where the two strings differ. */
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length
  for (let index = 0; index < Math.max(a.length, b.length); index++)
    difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0)
  return difference === 0
}

const callbackUrl = (request: Request) => `${new URL(request.url).origin}${CALLBACK_PATH}`

type Outcome = { token: string } | { error: string }

/**
 * The page the pop-up ends on. Its script is allowed by a nonce of this response; the message and the words
 * are JSON with `<` escaped, so nothing in them can close the script.
 */
export function resultPage(status: number, outcome: Outcome, extraHeaders: Record<string, string> = {}): Response {
  const nonce = randomToken(18)
  const message =
    "token" in outcome
      ? `authorization:${PROVIDER}:success:${JSON.stringify({ token: outcome.token, provider: PROVIDER })}`
      : `authorization:${PROVIDER}:error:${JSON.stringify({ message: outcome.error })}`
  const words = {
    waiting: "Signing in to the content manager…",
    done: "error" in outcome ? outcome.error : "Signed in. This window closes by itself.",
    noOpener: "This window signs in to the content manager. Open /admin/ on this site and press Login with GitHub.",
    otherOrigin: "This sign-in was not started by this site's content manager, so it stops here. Nothing was sent.",
  }
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>Content manager sign-in</title></head>
<body>
<p id="status">${words.waiting}</p>
<script nonce="${nonce}">(${handToOpener.toString()})(window, ${json(message)}, ${json(words)})</script>
</body>
</html>
`
  return new Response(html, {
    status,
    headers: {
      ...NO_STORE,
      ...extraHeaders,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    },
  })
}

/** Runs in the pop-up (serialised with toString(), so it uses only its arguments and the browser's globals). */
export function handToOpener(
  window: Window,
  message: string,
  words: { done: string; noOpener: string; otherOrigin: string },
) {
  const status = window.document.getElementById("status") as HTMLElement
  const origin = window.location.origin
  const opener = window.opener as Window | null
  if (!opener) {
    status.textContent = words.noOpener
    return
  }
  let openerOrigin: string | undefined
  try {
    openerOrigin = opener.location.origin
  } catch {
    // A page of another origin: reading its address throws.
  }
  if (openerOrigin !== origin) {
    status.textContent = words.otherOrigin
    return
  }
  const handshake = "authorizing:github"
  window.addEventListener("message", event => {
    if (event.origin !== origin || event.source !== opener || event.data !== handshake) return
    opener.postMessage(message, origin)
    status.textContent = words.done
  })
  opener.postMessage(handshake, origin)
}

/** GET /auth: sends the pop-up to GitHub's consent page, with a fresh state kept in a cookie. */
export function startSignIn(request: Request, env: SignInEnv): Response {
  const url = new URL(request.url)
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET)
    return resultPage(500, {
      error:
        "Sign-in is not set up: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are missing from the host's settings " +
        "(docs/content.md explains where they go).",
    })
  if (url.searchParams.get("provider") !== PROVIDER)
    return resultPage(400, { error: "This site signs in with GitHub only." })
  const asked = url.searchParams.get("scope") ?? ""
  const state = randomToken(32)
  const authorize = new URL(env.GITHUB_AUTHORIZE_URL || GITHUB_AUTHORIZE_URL)
  authorize.searchParams.set("client_id", env.GITHUB_CLIENT_ID)
  authorize.searchParams.set("redirect_uri", callbackUrl(request))
  authorize.searchParams.set("scope", SCOPES.includes(asked) ? asked : SCOPES[0])
  authorize.searchParams.set("state", state)
  return new Response(null, {
    status: 302,
    headers: {
      ...NO_STORE,
      Location: authorize.href,
      "Set-Cookie": stateCookie(request, state, STATE_LIFETIME_SECONDS),
    },
  })
}

/** Asks GitHub for the token the code stands for. */
async function exchangeCode(request: Request, env: SignInEnv, code: string): Promise<Outcome> {
  const response = await fetch(env.GITHUB_TOKEN_URL || GITHUB_TOKEN_URL, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: env.GITHUB_CLIENT_ID ?? "",
      client_secret: env.GITHUB_CLIENT_SECRET ?? "",
      code,
      redirect_uri: callbackUrl(request),
    }).toString(),
  })
  const answer = (await response.json().catch(() => ({}))) as {
    access_token?: string
    error?: string
    error_description?: string
  }
  if (response.ok && answer.access_token) return { token: answer.access_token }
  return {
    error: `GitHub did not sign you in (${answer.error_description || answer.error || `HTTP ${response.status}`}). Close this window and press Login again.`,
  }
}

/** GET /auth/callback: checks the state, trades the code for a token and hands it to the content manager. */
export async function finishSignIn(request: Request, env: SignInEnv): Promise<Response> {
  const url = new URL(request.url)
  const clearState = { "Set-Cookie": stateCookie(request, "", 0) }
  const expected = cookieOf(request, STATE_COOKIE)
  const state = url.searchParams.get("state")
  if (!expected || !state || !sameText(expected, state))
    return resultPage(
      403,
      {
        error:
          "This sign-in did not start from this site, or it took longer than ten minutes. Close this window " +
          "and press Login again.",
      },
      clearState,
    )
  const code = url.searchParams.get("code")
  if (!code) {
    const reason = url.searchParams.get("error_description") || url.searchParams.get("error") || "no code came back"
    return resultPage(
      400,
      { error: `GitHub did not sign you in (${reason}). Close this window and try again.` },
      clearState,
    )
  }
  const outcome = await exchangeCode(request, env, code)
  return resultPage("token" in outcome ? 200 : 502, outcome, clearState)
}
