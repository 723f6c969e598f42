/*
 * Where the host runs none of the site's Functions (Netlify, a plain CDN), nothing on the server can check the
 * owner's sign-in. The view then asks GitHub itself, as the inbox's Function does (functions/_inbox/owner.ts):
 * may this token push to the repository the content manager edits (its /admin/config.yml)?
 */
const GITHUB_API_URL = "https://api.github.com"

interface Backend {
  repo?: string
  api_root?: string
}

/** True when GitHub says the token may push to the site's repository. */
export async function canPushOnGitHub(token: string): Promise<boolean> {
  try {
    // The configuration is JSON, which is YAML (src/build-time/cms/admin.ts › configFile).
    const config = (await (await fetch("/admin/config.yml", { cache: "no-store" })).json()) as { backend?: Backend }
    const { repo, api_root: api = GITHUB_API_URL } = config.backend ?? {}
    if (!repo) return false
    const response = await fetch(`${api.replace(/\/+$/, "")}/repos/${repo}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json" },
      cache: "no-store",
    })
    if (!response.ok) return false
    return ((await response.json()) as { permissions?: { push?: boolean } }).permissions?.push === true
  } catch {
    return false
  }
}
