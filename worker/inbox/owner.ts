/*
 * Who may read the leads: the holder of a GitHub token that GitHub says can push to the site's repository, the
 * same sign-in the content manager uses (its token, from /auth). No token: 401; a token GitHub refuses: 401; a
 * token without push access to the repository: 403. The repository (GITHUB_REPO, "owner/name") and GitHub's API
 * address (GITHUB_API_URL, for a stand-in in tests) are the host's settings.
 */
import { repositoryAccess } from "../../src/lib/github"
import { Refusal, sentence } from "./http"

export interface OwnerEnv {
  GITHUB_REPO?: string
  GITHUB_API_URL?: string
}

const tokenOf = (request: Request) =>
  /^(?:Bearer|token)\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1]

/** Resolves when GitHub confirms the token may push to the repository; throws the refusal otherwise. */
export async function checkOwner(request: Request, env: OwnerEnv): Promise<void> {
  const token = tokenOf(request)
  if (!token) throw new Refusal(sentence(401, "Sign in to the content manager to see the leads."))
  const repo = env.GITHUB_REPO?.trim()
  if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo))
    throw new Refusal(sentence(503, "The host's GITHUB_REPO setting does not name the site's repository."))
  const access = await repositoryAccess(token, repo, env.GITHUB_API_URL, {
    headers: { "User-Agent": "estimate-inbox" },
  })
  if (access === "refused") throw new Refusal(sentence(401, "GitHub did not accept the sign-in; sign in again."))
  if (access === "no-push")
    throw new Refusal(
      sentence(403, "This GitHub account cannot change the site's repository, so it cannot see the leads."),
    )
}
