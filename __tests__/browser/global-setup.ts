/*
 * Once for the whole browser run: one Chromium (Debian's headless shell) and the built site served twice, by the
 * fast static server and by the host's runtime, shared by every test file (setUpBrowser in support.ts connects to
 * them), instead of a browser and a server started per file.
 */
import { chromium } from "playwright-core"
import { siteRoot } from "../support/site"
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveSite, SHARED_CHROMIUM, SHARED_SITE } from "./support"

export default async function globalSetup() {
  const [chromiumServer, site, host] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    serveSite(siteRoot, { runtime: "static" }),
    serveSite(siteRoot, { runtime: "host" }),
  ])
  process.env[SHARED_CHROMIUM] = chromiumServer.wsEndpoint()
  process.env[SHARED_SITE.static] = site.url
  process.env[SHARED_SITE.host] = host.url
  // Read back by global-teardown.ts, which runs in the same process.
  Object.assign(globalThis, { browserTestsShared: [chromiumServer, site, host] })
}
