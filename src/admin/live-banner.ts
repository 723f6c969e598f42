/*
 * "Is it live?" Decap says nothing once a publish is committed, so this follows each publish (Decap's
 * postPublish event) in a banner: Saved → Building → Live at 3:42 pm. The branch's head on GitHub is the commit
 * just published; the site's /build.json names the commit it was built from (src/build-time/deploy/build-info.ts).
 * When they are the same the change is live. After ten minutes without it the banner says the host's build may
 * have stopped, and where the host shows its build log. Under `gatsby develop` (`npm run cms`) the saves go to
 * the files on the owner's machine and no host builds them: the banner says so instead, and a site without
 * /build.json is not watched either. The content manager's script (index.ts) starts it with the build's settings
 * (src/build-time/cms/live-banner.ts), bundled into /admin/admin.js.
 */

export interface BuildLog {
  /** Where the owner finds it, in words: "Netlify: your site › Deploys". */
  where: string
  url?: string
}

export interface LiveBannerSettings {
  buildInfoPath: string
  /** GitHub's answer about the branch the CMS commits to: its head is `commit.sha`. */
  branchUrl: string
  pollMs: number
  /** How long a build may take before the banner says it may have stopped. */
  stalledMs: number
  /** How long the banner goes on asking before it gives up. */
  giveUpMs: number
  buildLog: BuildLog
  /** Served by `gatsby develop`: a publish writes the files on this computer, which no host builds. */
  onThisComputer: boolean
  style: string
}

export type DecapWindow = Window & {
  CMS?: { registerEventListener: (listener: { name: string; handler: () => undefined }) => void }
}

/** Runs in /admin/ once Decap's bundle has defined the CMS global; `window` is the page's, or a test's. */
export function watchPublishes(window: DecapWindow, settings: LiveBannerSettings) {
  const document = window.document
  const banner = document.createElement("div")
  banner.setAttribute("role", "status")
  banner.setAttribute("data-live-banner", "")
  banner.setAttribute("style", `${settings.style}; display: none`)
  document.body.appendChild(banner)
  let current = 0

  function show(text: string, log?: { where: string; url?: string }) {
    banner.setAttribute("style", settings.style)
    banner.textContent = text
    if (!log) return
    banner.append(" Look at ")
    if (log.url) {
      const link = document.createElement("a")
      link.href = log.url
      link.target = "_blank"
      link.rel = "noopener"
      link.style.color = "inherit"
      link.textContent = log.where
      banner.append(link)
    } else banner.append(log.where)
    banner.append(".")
  }

  const wait = (ms: number) => new Promise(done => window.setTimeout(done, ms))

  async function liveBuild(): Promise<{ commit?: string | null; builtAt?: string } | undefined> {
    const response = await window.fetch(settings.buildInfoPath, { cache: "no-store" }).catch(() => undefined)
    return response?.ok ? response.json().catch(() => undefined) : undefined
  }

  async function branchHead(): Promise<string> {
    let token: string | undefined
    try {
      token = JSON.parse(window.localStorage.getItem("decap-cms-user") ?? "{}").token
    } catch {
      // No stored user: ask without signing the request.
    }
    const headers: Record<string, string> = { Accept: "application/vnd.github+json" }
    if (token) headers.Authorization = `token ${token}`
    const response = await window.fetch(settings.branchUrl, { headers, cache: "no-store" })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return (await response.json()).commit.sha
  }

  const timeOf = (iso: string | undefined) => {
    const date = new Date(iso ?? "")
    return (isNaN(date.getTime()) ? new Date() : date)
      .toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })
      .replace(/\s*([AP])M$/, (_, half: string) => ` ${half.toLowerCase()}m`)
  }

  async function follow(watch: number) {
    if (settings.onThisComputer) {
      show("Saved in data/ on this computer. Commit and push the change to publish it.")
      return
    }
    show("Saved.")
    const started = Date.now()
    if (!(await liveBuild())) return
    // Every head seen since the publish holds the change; a commit already checked is not asked about again.
    const heads: string[] = []
    const checked: string[] = []
    try {
      heads.push(await branchHead())
    } catch (error) {
      show(`Saved. The site cannot tell when it is live: GitHub did not name the newest version (${error}).`)
      return
    }
    show("Building: the host is putting your change on the site. This usually takes a few minutes.")
    while (watch === current && Date.now() - started < settings.giveUpMs) {
      await wait(settings.pollMs)
      if (watch !== current) return
      const build = await liveBuild()
      const commit = build?.commit
      if (commit && !heads.includes(commit) && !checked.includes(commit)) {
        checked.push(commit)
        const head = await branchHead().catch(() => undefined)
        if (head && !heads.includes(head)) heads.push(head)
      }
      if (commit && heads.includes(commit)) {
        show(`Live at ${timeOf(build?.builtAt)}: your change is on the site.`)
        return
      }
      if (Date.now() - started >= settings.stalledMs)
        show("Not live yet: the host's build may have stopped.", settings.buildLog)
    }
  }

  window.CMS?.registerEventListener({
    name: "postPublish",
    handler: () => {
      current += 1
      void follow(current)
      return undefined
    },
  })
}
