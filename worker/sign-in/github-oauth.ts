/*
 * The content manager's sign-in, run by the site's own Worker at two paths (/auth and /auth/callback,
 * worker/index.ts): GitHub's OAuth web flow with PKCE, ending in the
 * pop-up handshake of Decap CMS's GitHub backend (decap-cms-lib-auth › netlify-auth.js). Decap opens
 * `<base_url>/auth?provider=github&site_id=…&scope=repo` in a pop-up and accepts messages only from base_url,
 * which config.ts sets to the site's own origin.
 *
 * - /auth sends the pop-up to GitHub with a random `state` and the S256 challenge of a random code verifier
 *   (RFC 7636), both kept in one HttpOnly cookie for ten minutes: a code caught on its way back is worth
 *   nothing without the verifier, which never leaves the site and GitHub.
 * - /auth/callback refuses a `state` that is not that cookie's, trades the code for a token with the client
 *   secret and the verifier, and answers a page (result-page.ts) that hands the token to the content manager:
 *   it posts "authorizing:github" to its opener, and only when the opener answers from the site's own origin
 *   does it post "authorization:github:success:{token, provider}". Every message names the site's origin as
 *   its target, so the browser drops it for a page of any other origin that opened the pop-up.
 * - Whatever goes wrong (a setting missing, GitHub refusing, its token endpoint failing or out of reach) ends
 *   on that same page: a sentence saying what happened, and "authorization:github:error:{message}" to Decap.
 *
 * The client id and secret come from the host's settings (environment variables), never from the repository.
 */
import { base64Url, NO_STORE, PROVIDER, randomToken, resultPage, type Outcome } from "./result-page"

/**
 * The Worker's settings for the sign-in: the id and secret of the GitHub App (recommended: its user tokens reach
 * only the repositories it is installed on and end after 8 hours) or of an OAuth App, and GitHub's addresses
 * (tests stand in). Both apps sign in through the same endpoints.
 */
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
/** How long the callback waits for GitHub's token endpoint before it says so. */
export const TOKEN_TIMEOUT_MS = 10_000
const GITHUB_AUTHORIZE_URL = "https://github.com/login/oauth/authorize"
const GITHUB_TOKEN_URL = "https://github.com/login/oauth/access_token"
/** What Decap asks for: `repo`, or `public_repo` with open authoring. */
const SCOPES = ["repo", "public_repo"]
const SETTINGS = ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"] as const

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

/** The S256 challenge of a code verifier: its SHA-256, in URL-safe base64 (RFC 7636 § 4.2). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))
  return base64Url(new Uint8Array(digest))
}

/** The settings missing from the host, each by its name, in a sentence; nothing when both are set. */
export function missingSettings(env: SignInEnv): string | undefined {
  const missing = SETTINGS.filter(name => !env[name])
  if (missing.length === 0) return undefined
  const names = missing.join(" and ")
  return (
    `Sign-in is not set up: ${names} ${missing.length === 1 ? "is" : "are"} missing from the host's settings ` +
    "(docs/content.md explains where they go)."
  )
}

/** GET /auth: sends the pop-up to GitHub's consent page, with a fresh state and verifier kept in a cookie. */
export async function startSignIn(request: Request, env: SignInEnv): Promise<Response> {
  const url = new URL(request.url)
  const missing = missingSettings(env)
  if (missing) return resultPage(500, { error: missing })
  if (url.searchParams.get("provider") !== PROVIDER)
    return resultPage(400, { error: "This site signs in with GitHub only." })
  const asked = url.searchParams.get("scope") ?? ""
  const state = randomToken(32)
  const verifier = randomToken(32)
  const authorize = new URL(env.GITHUB_AUTHORIZE_URL || GITHUB_AUTHORIZE_URL)
  authorize.searchParams.set("client_id", env.GITHUB_CLIENT_ID ?? "")
  authorize.searchParams.set("redirect_uri", callbackUrl(request))
  authorize.searchParams.set("scope", SCOPES.includes(asked) ? asked : SCOPES[0])
  authorize.searchParams.set("state", state)
  authorize.searchParams.set("code_challenge", await codeChallenge(verifier))
  authorize.searchParams.set("code_challenge_method", "S256")
  return new Response(null, {
    status: 302,
    headers: {
      ...NO_STORE,
      Location: authorize.href,
      // The base64url alphabet has no ".", so the two values part there.
      "Set-Cookie": stateCookie(request, `${state}.${verifier}`, STATE_LIFETIME_SECONDS),
    },
  })
}

const tryAgain = "Close this window and press Login again."

/** Asks GitHub for the token the code stands for; any failure, the network's included, becomes words. */
async function exchangeCode(request: Request, env: SignInEnv, code: string, verifier: string): Promise<Outcome> {
  let response: Response
  try {
    response = await fetch(env.GITHUB_TOKEN_URL || GITHUB_TOKEN_URL, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: env.GITHUB_CLIENT_ID ?? "",
        client_secret: env.GITHUB_CLIENT_SECRET ?? "",
        code,
        redirect_uri: callbackUrl(request),
        code_verifier: verifier,
      }).toString(),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    })
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "no answer in time" : String(error)
    return { error: `GitHub could not be reached to finish the sign-in (${reason}). ${tryAgain}` }
  }
  const answer = (await response.json().catch(() => ({}))) as {
    access_token?: string
    expires_in?: unknown
    error?: string
    error_description?: string
  }
  // A GitHub App's user token ends (expires_in, 8 hours); its refresh token is never asked for or kept, since
  // Decap cannot use one. An OAuth App's token does not end.
  const expiresIn = typeof answer.expires_in === "number" && answer.expires_in > 0 ? answer.expires_in : undefined
  if (response.ok && answer.access_token)
    return expiresIn ? { token: answer.access_token, expiresIn } : { token: answer.access_token }
  const reason = answer.error_description || answer.error || `HTTP ${response.status}`
  return { error: `GitHub did not sign you in (${reason}). ${tryAgain}` }
}

/** GET /auth/callback: checks the state, trades the code for a token and hands it to the content manager. */
export async function finishSignIn(request: Request, env: SignInEnv): Promise<Response> {
  const url = new URL(request.url)
  const clearState = { "Set-Cookie": stateCookie(request, "", 0) }
  const [expected, verifier] = (cookieOf(request, STATE_COOKIE) ?? "").split(".")
  const state = url.searchParams.get("state")
  if (!expected || !verifier || !state || !sameText(expected, state))
    return resultPage(
      403,
      {
        error:
          "This sign-in did not start from this site, or it took longer than ten minutes. Close this window " +
          "and press Login again.",
      },
      clearState,
    )
  const missing = missingSettings(env)
  if (missing) return resultPage(500, { error: missing }, clearState)
  const code = url.searchParams.get("code")
  if (!code) {
    const reason = url.searchParams.get("error_description") || url.searchParams.get("error") || "no code came back"
    return resultPage(
      400,
      { error: `GitHub did not sign you in (${reason}). Close this window and try again.` },
      clearState,
    )
  }
  const outcome = await exchangeCode(request, env, code, verifier)
  return resultPage("token" in outcome ? 200 : 502, outcome, clearState)
}
