/*
 * The live banner's settings (src/admin/live-banner.ts), from the environment the build runs in: the repository
 * and branch the content manager commits to, where the host shows its build log, and the site's colours.
 * admin-script.ts bundles them into /admin/admin.js as the global LIVE_BANNER_SETTINGS, which src/admin/index.ts
 * hands to the banner.
 */
import { colors, fontSizes, fonts, radii, shadows, space } from "../../styles/theme"
import type { BuildLog, LiveBannerSettings } from "../../admin/live-banner"
import { GITHUB_API_URL } from "../../lib/github"
import { BUILD_INFO_FILE } from "../deploy/build-info"
import { branchOf, repositoryOf, REPO_PLACEHOLDER } from "./config"

/** The global the bundle reads the settings from (declared in src/admin/index.ts). */
export const LIVE_BANNER_SETTINGS = "LIVE_BANNER_SETTINGS"
export const BUILD_INFO_PATH = `/${BUILD_INFO_FILE}`

/** Where the host shows its builds: CMS_BUILD_LOG_URL, else Netlify's or Cloudflare's page, from their build's environment. */
export function buildLogOf(env: NodeJS.ProcessEnv): BuildLog {
  if (env.CMS_BUILD_LOG_URL) return { where: "the host's build log", url: env.CMS_BUILD_LOG_URL }
  if (env.NETLIFY === "true")
    return {
      where: "Netlify: your site › Deploys",
      url: env.SITE_NAME ? `https://app.netlify.com/sites/${env.SITE_NAME}/deploys` : "https://app.netlify.com/",
    }
  // Workers Builds (WORKERS_CI) and, for a project not moved yet, Cloudflare Pages (CF_PAGES).
  if (env.WORKERS_CI === "1" || env.CF_PAGES === "1")
    return {
      where: "Cloudflare: Workers & Pages › your project › Deployments",
      url: "https://dash.cloudflare.com/?to=/:account/workers-and-pages",
    }
  return { where: "the host's build log" }
}

export function liveBannerSettings(env: NodeJS.ProcessEnv, developing = false): LiveBannerSettings {
  const repo = repositoryOf(env) ?? REPO_PLACEHOLDER
  return {
    buildInfoPath: BUILD_INFO_PATH,
    branchUrl: `${GITHUB_API_URL}/repos/${repo}/branches/${encodeURIComponent(branchOf(env))}`,
    pollMs: 10_000,
    stalledMs: 10 * 60_000,
    giveUpMs: 60 * 60_000,
    buildLog: buildLogOf(env),
    onThisComputer: developing,
    style: [
      "position: fixed",
      `left: ${space.md}`,
      `bottom: ${space.md}`,
      "z-index: 10000",
      "max-width: min(32rem, calc(100vw - 2rem))",
      `padding: ${space.sm} ${space.md}`,
      `border-radius: ${radii.md}`,
      `box-shadow: ${shadows.menu}`,
      `background: ${colors.slate}`,
      `color: ${colors.onSlate}`,
      `font: ${fontSizes.body}/1.4 ${fonts.body}`,
    ].join("; "),
  }
}
