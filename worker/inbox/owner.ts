/*
 * Who may read the leads: the holder of a GitHub token that GitHub says can push to the site's repository, the
 * same sign-in the content manager uses (its token, from /auth). No token: 401; a token GitHub refuses (expired,
 * revoked): 401; a token without push access to the repository: 403. GitHub failing, rate-limited or silent
 * for OWNER_CHECK_TIMEOUT_MS says nothing of the token: 503, in those words. The repository (GITHUB_REPO,
 * "owner/name") and GitHub's API address (GITHUB_API_URL, for a stand-in in tests) are the host's settings.
 */
import { repositoryAccess } from "../../src/lib/github"
import { Refusal } from "./http"

export interface OwnerEnv {
  GITHUB_REPO?: string
  GITHUB_API_URL?: string
}

/** How long the owner check waits for GitHub before it gives up with a 503. */
export const OWNER_CHECK_TIMEOUT_MS = 5_000

const tokenOf = (request: Request) =>
  /^(?:Bearer|token)\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1]

/** Resolves when GitHub confirms the token may push to the repository; throws the refusal otherwise. */
export async function checkOwner(request: Request, env: OwnerEnv): Promise<void> {
  const token = tokenOf(request)
  if (!token) throw new Refusal(401, "SIGN_IN_NEEDED", "Sign in to the content manager to see the leads.")
  const repo = env.GITHUB_REPO?.trim()
  if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo))
    throw new Refusal(503, "SETTING", "The host's GITHUB_REPO setting does not name the site's repository.")
  // A controller and a timer of its own, held until GitHub answers: a signal nothing else holds may be collected
  // before it fires in some runtimes.
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException("GitHub did not answer", "TimeoutError")),
    OWNER_CHECK_TIMEOUT_MS,
  )
  const access = await repositoryAccess(token, repo, env.GITHUB_API_URL, {
    headers: { "User-Agent": "estimate-inbox" },
    signal: controller.signal,
  })
    .finally(() => clearTimeout(timer))
    .catch((error: unknown) => {
      // By its name: a DOMException of another realm is no instance of this one's Error.
      const name = (error as { name?: unknown } | null)?.name
      const silent = name === "TimeoutError" || name === "AbortError"
      throw new Refusal(
        503,
        "GITHUB_UNAVAILABLE",
        silent
          ? `GitHub did not answer within ${OWNER_CHECK_TIMEOUT_MS / 1000} seconds, so the sign-in could not be checked; try again in a minute.`
          : "GitHub could not be reached to check the sign-in; try again in a minute.",
      )
    })
  if (access === "unavailable")
    throw new Refusal(
      503,
      "GITHUB_UNAVAILABLE",
      "GitHub is failing or limiting requests just now, so the sign-in could not be checked; try again in a minute.",
    )
  if (access === "refused")
    throw new Refusal(
      401,
      "SIGN_IN_REFUSED",
      "GitHub did not accept the sign-in: it has expired or was revoked. Sign in again.",
    )
  if (access === "no-push")
    throw new Refusal(
      403,
      "NOT_THE_OWNER",
      "This GitHub account cannot change the site's repository, so it cannot see the leads.",
    )
}
