/**
 * /build.json: which commit the published site was built from, and when, so the content manager can tell the
 * owner when an edit is live. The hosts name the commit in their build environment (Netlify's COMMIT_REF,
 * Workers Builds' WORKERS_CI_COMMIT_SHA, Cloudflare Pages' CF_PAGES_COMMIT_SHA); elsewhere it is the checkout's HEAD, or null outside a git checkout.
 * static/_headers sends it with `Cache-Control: no-store`; it is not a page, so the sitemap never lists it.
 */
import { execFileSync } from "child_process"
import fs from "fs"
import path from "path"

export const BUILD_INFO_FILE = "build.json"

export interface BuildInfo {
  /** The full commit hash the build was made from, or null when nothing says. */
  commit: string | null
  /** When the build finished, as an ISO 8601 time in UTC. */
  builtAt: string
}

const COMMIT = /^[0-9a-f]{7,40}$/

function headOf(directory: string): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: directory, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim()
  } catch {
    return null
  }
}

export function buildCommit(env: NodeJS.ProcessEnv, directory: string): string | null {
  const named = env.COMMIT_REF || env.WORKERS_CI_COMMIT_SHA || env.CF_PAGES_COMMIT_SHA || headOf(directory)
  return named && COMMIT.test(named) ? named : null
}

export function writeBuildInfo(publicDir: string, info: BuildInfo): void {
  fs.writeFileSync(path.join(publicDir, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`)
}
