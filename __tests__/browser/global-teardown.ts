/* Closes what global-setup.ts started for the browser run. */
export default async function globalTeardown() {
  const { browserTestsShared = [] } = globalThis as { browserTestsShared?: { close: () => Promise<void> }[] }
  await Promise.all(browserTestsShared.map(each => each.close()))
}
