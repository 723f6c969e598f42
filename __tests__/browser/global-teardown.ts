/* Closes what global-setup.ts started for the browser run, and removes the stand-in's folder. */
import { rmSync } from "node:fs"

export default async function globalTeardown() {
  const { browserTestsShared = [], browserTestsFolders = [] } = globalThis as {
    browserTestsShared?: { close: () => Promise<void> }[]
    browserTestsFolders?: string[]
  }
  await Promise.all(browserTestsShared.map(each => each.close()))
  for (const folder of browserTestsFolders) rmSync(folder, { recursive: true, force: true })
}
