/*
 * Once for the whole browser run: the built site served twice, by the fast static server and by the host's
 * runtime, and the EmailJS stand-in on the port the build names, shared by every test file (setUpBrowser in
 * support.ts uses them; each estimate file has a session of the stand-in, estimate-support.ts), instead of a
 * server and a stand-in started per file. Each file starts its own Chromium (support.ts says why).
 */
import { mkdtempSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { siteRoot } from "../support/site"
import { SHARED_STAND_IN, startStandIn } from "./estimate-support"
import { serveSite, SHARED_SITE, stopServer } from "./support"

export default async function globalSetup() {
  const standInFolder = mkdtempSync(path.join(os.tmpdir(), "emailjs-stand-in-"))
  const [site, host, standIn] = await Promise.all([
    serveSite(siteRoot, { runtime: "static" }),
    serveSite(siteRoot, { runtime: "host" }),
    startStandIn(standInFolder),
  ])
  process.env[SHARED_SITE.static] = site.url
  process.env[SHARED_SITE.host] = host.url
  process.env[SHARED_STAND_IN] = standInFolder
  // Read back by global-teardown.ts, which runs in the same process.
  Object.assign(globalThis, {
    browserTestsShared: [site, host, { close: () => stopServer(standIn) }],
    browserTestsFolders: [standInFolder],
  })
}
