/*
 * Where the host runs none of the site's Functions (Netlify, a plain CDN), nothing on the server can check the
 * owner's sign-in. The view then asks GitHub itself, as the inbox's Function does (worker/inbox/owner.ts):
 * may this token push to the repository the content manager edits (its /admin/config.yml)?
 */
import { repositoryAccess } from "../../lib/github"

interface Backend {
  repo?: string
  api_root?: string
}

/** True when GitHub says the token may push to the site's repository. */
export async function canPushOnGitHub(token: string): Promise<boolean> {
  try {
    // The configuration is JSON, which is YAML (src/build-time/cms/admin.ts › configFile).
    const config = (await (await fetch("/admin/config.yml", { cache: "no-store" })).json()) as { backend?: Backend }
    const { repo, api_root: api } = config.backend ?? {}
    return repo ? (await repositoryAccess(token, repo, api, { cache: "no-store" })) === "push" : false
  } catch {
    return false
  }
}
