/**
 * GitHub's API as the site's own code asks it: the content manager's live banner (the branch's head), the
 * security policy of /admin/, and who may read the leads (the inbox's Function, or the Leads view on a host
 * without Functions). Runs in the browser, on the host and at build time alike.
 */
export const GITHUB_API_URL = "https://api.github.com"

/**
 * Where the sign-in's pop-up keeps when a GitHub App's user token ends (epoch milliseconds, in localStorage),
 * for /admin/ and the Leads view to say so ahead of time (src/admin/sign-in-again.ts); never the token itself.
 */
export const SIGN_IN_EXPIRES_KEY = "cms-sign-in-expires-at"

/**
 * What GitHub says a token may do with a repository: push to it, only less, or nothing (the token refused); or
 * GitHub could not say (a 5xx, its rate limit), which is no answer about the token at all.
 */
export type RepositoryAccess = "push" | "no-push" | "refused" | "unavailable"

/** GitHub's rate limit: a 429, or a 403 that says the limit is used up (x-ratelimit-remaining: 0, retry-after). */
const rateLimited = (response: Response) =>
  response.status === 429 ||
  (response.status === 403 &&
    (response.headers.get("x-ratelimit-remaining") === "0" || response.headers.has("retry-after")))

/** Asks GitHub (or the stand-in at `api`) what `token` may do with `repo` ("owner/name"). */
export async function repositoryAccess(
  token: string,
  repo: string,
  api: string = GITHUB_API_URL,
  init: RequestInit = {},
): Promise<RepositoryAccess> {
  const response = await fetch(`${api.replace(/\/+$/, "")}/repos/${repo}`, {
    ...init,
    headers: { ...init.headers, Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json" },
  })
  if (response.status === 401) return "refused"
  if (response.status >= 500 || rateLimited(response)) return "unavailable"
  const body = response.ok ? ((await response.json()) as { permissions?: { push?: boolean } }) : {}
  return body.permissions?.push === true ? "push" : "no-push"
}
