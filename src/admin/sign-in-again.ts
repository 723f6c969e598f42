/*
 * Signing in again without leaving the page, for /admin/ and the Leads view. A GitHub App's user token ends
 * after 8 hours (docs/content.md › Setting up the sign-in), and Decap does not renew it: the sign-in's pop-up
 * page (worker/sign-in/result-page.ts) keeps when the token ends in localStorage, and this module says so ahead
 * of time and signs in again in one click, through the same pop-up and handshake Decap uses (the site's own
 * /auth), putting the new token where Decap keeps its sign-in. An OAuth App's token does not end, and no time
 * is kept for it.
 */
import { SIGN_IN_EXPIRES_KEY } from "../lib/github"

const USER_KEY = "decap-cms-user"
const PROVIDER = "github"
/** The notice shows this long before the token ends, so the owner can save first. */
export const WARN_BEFORE_MS = 15 * 60_000

/** When the stored sign-in ends (epoch milliseconds), or null when it does not (an OAuth App) or is unknown. */
export function signInEndsAt(): number | null {
  try {
    const value = Number(localStorage.getItem(SIGN_IN_EXPIRES_KEY))
    return Number.isFinite(value) && value > 0 ? value : null
  } catch {
    return null
  }
}

/** The token Decap keeps after its sign-in, if any. */
export function storedToken(): string | undefined {
  try {
    return (JSON.parse(localStorage.getItem(USER_KEY) ?? "{}") as { token?: string }).token
  } catch {
    return undefined
  }
}

/**
 * Opens the site's sign-in pop-up and answers its handshake as Decap does; resolves to the new token, kept
 * where Decap reads its sign-in, or rejects with GitHub's or the pop-up's words.
 */
export function signInAgain(): Promise<string> {
  const origin = window.location.origin
  const popup = window.open(
    `${origin}/auth?provider=${PROVIDER}&site_id=${encodeURIComponent(window.location.hostname)}&scope=repo`,
    "Sign in again",
    "width=960,height=720",
  )
  if (!popup) return Promise.reject(new Error("The browser blocked the sign-in window; allow pop-ups for this site."))
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      window.removeEventListener("message", listen)
      clearInterval(watch)
      // The opener closes the pop-up, as Decap does once it has the answer.
      if (!popup.closed) popup.close()
      outcome()
    }
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== popup || typeof event.data !== "string") return
      if (event.data === `authorizing:${PROVIDER}`) return popup.postMessage(event.data, origin)
      const success = `authorization:${PROVIDER}:success:`
      const failure = `authorization:${PROVIDER}:error:`
      if (event.data.startsWith(success)) {
        const { token } = JSON.parse(event.data.slice(success.length)) as { token?: string }
        if (!token) return finish(() => reject(new Error("The sign-in ended without a token.")))
        let user: Record<string, unknown> = {}
        try {
          user = JSON.parse(localStorage.getItem(USER_KEY) ?? "{}") as Record<string, unknown>
        } catch {
          // A damaged record is replaced.
        }
        localStorage.setItem(USER_KEY, JSON.stringify({ ...user, token, backendName: PROVIDER }))
        finish(() => resolve(token))
      } else if (event.data.startsWith(failure)) {
        const { message } = JSON.parse(event.data.slice(failure.length)) as { message?: string }
        finish(() => reject(new Error(message ?? "GitHub did not sign you in.")))
      }
    }
    // Closed by the owner before it finished: nothing changes.
    const watch = setInterval(() => {
      if (popup.closed) finish(() => reject(new Error("The sign-in window was closed before it finished.")))
    }, 500)
    window.addEventListener("message", listen)
  })
}

/** "5:42 PM": when the sign-in ends, on the owner's clock. */
const clockOf = (at: number) => new Date(at).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })

/** The notice's words at `now`, or null while the sign-in has longer than WARN_BEFORE_MS to run. */
export function expiryWords(endsAt: number | null, now: number): string | null {
  if (endsAt === null || endsAt - now > WARN_BEFORE_MS) return null
  return endsAt <= now
    ? "Your GitHub sign-in has ended (GitHub ends it after 8 hours), so saving will fail until you sign in again."
    : `Your GitHub sign-in ends at ${clockOf(endsAt)} (GitHub ends it after 8 hours). Sign in again now to keep saving.`
}

/**
 * A notice with a Sign in again button, kept in `host` and checked every half minute: shown from
 * WARN_BEFORE_MS before the sign-in ends. `signedIn` runs after a new sign-in (the Leads view asks again; /admin/
 * reloads, and Decap offers back the unsaved edit it keeps on this device).
 */
export function watchSignInExpiry(host: HTMLElement, signedIn: () => void, now = () => Date.now()): () => void {
  const notice = document.createElement("div")
  notice.setAttribute("role", "status")
  notice.className = "sign-in-expiry"
  // Styled here: /admin/ has no stylesheet of the site's (AA contrast: #1a1a1a on #fff3c4).
  Object.assign(notice.style, {
    background: "#fff3c4",
    color: "#1a1a1a",
    borderTop: "2px solid #8a6d00",
    padding: "0.75rem 1rem",
    fontSize: "1rem",
  })
  const words = document.createElement("p")
  const button = document.createElement("button")
  button.type = "button"
  button.textContent = "Sign in again"
  const problem = document.createElement("p")
  notice.append(words, button, problem)
  button.addEventListener("click", () => {
    button.disabled = true
    problem.textContent = ""
    signInAgain().then(
      () => {
        notice.remove()
        signedIn()
      },
      (error: Error) => {
        problem.textContent = error.message
        button.disabled = false
      },
    )
  })
  const check = () => {
    const text = expiryWords(signInEndsAt(), now())
    if (text === null) return notice.remove()
    words.textContent = text
    if (!notice.isConnected) host.prepend(notice)
  }
  check()
  const timer = setInterval(check, 30_000)
  return () => clearInterval(timer)
}
