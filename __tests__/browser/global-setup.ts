/*
 * Once for the whole browser run: one Chromium (Debian's headless shell) and one served build, shared by every
 * test file (setUpBrowser in support.ts connects to them), instead of a browser and a server started per file.
 * The server also keeps each file it has compressed for the next test file that asks for it.
 */
import { chromium } from "playwright-core"
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveSite, SHARED_CHROMIUM, SHARED_SITE } from "./support"

export default async function globalSetup() {
  const [chromiumServer, site] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    serveSite(),
  ])
  process.env[SHARED_CHROMIUM] = chromiumServer.wsEndpoint()
  process.env[SHARED_SITE] = site.url
  // Read back by global-teardown.ts, which runs in the same process.
  Object.assign(globalThis, { browserTestsShared: [chromiumServer, site] })
}
