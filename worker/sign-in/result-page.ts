/*
 * The page the sign-in pop-up ends on (github-oauth.ts says how the whole sign-in works): it hands the token,
 * or the reason there is none, to the content manager that opened it, in the message Decap's GitHub backend
 * waits for, and says the same in a sentence on the page. When the token ends (a GitHub App's), it keeps the
 * time it ends for the opener's pages, which say so ahead of time (src/admin/sign-in-again.ts).
 */
import { SIGN_IN_EXPIRES_KEY } from "../../src/lib/github"

export const PROVIDER = "github"

export const NO_STORE = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
}

/** `bytes` random bytes, written as URL-safe base64 without padding (RFC 7636's alphabet for a verifier). */
export function randomToken(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

export function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")
}

/** The sign-in's end: a token, with the seconds it lasts when it ends (a GitHub App's), or the reason for none. */
export type Outcome = { token: string; expiresIn?: number } | { error: string }

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
  // Where the opener's pages read when the token ends (src/admin/sign-in-again.ts); null clears an older time.
  const expiry = {
    key: SIGN_IN_EXPIRES_KEY,
    seconds: "token" in outcome ? (outcome.expiresIn ?? null) : undefined,
  }
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>Content manager sign-in</title></head>
<body>
<p id="status">${words.waiting}</p>
<script nonce="${nonce}">(${handToOpener.toString()})(window, ${json(message)}, ${json(words)}, ${json(expiry)})</script>
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
  expiry: { key: string; seconds?: number | null },
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
    try {
      // The same origin's storage as the opener's: only when the new token ends, never the token.
      if (typeof expiry.seconds === "number")
        window.localStorage.setItem(expiry.key, String(Date.now() + expiry.seconds * 1000))
      else if (expiry.seconds === null) window.localStorage.removeItem(expiry.key)
    } catch {
      // Storage blocked: the sign-in works, and no notice warns before it ends.
    }
    opener.postMessage(message, origin)
    status.textContent = words.done
  })
  opener.postMessage(handshake, origin)
}
