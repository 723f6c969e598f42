/*
 * What the content manager's browser tests share: Decap's local backend (decap-server) over a scratch folder,
 * on the port the CMS configuration names, and the editor's moves (open a place, publish, pick a relation).
 */
import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Dialog, FrameLocator, Locator, Page, Request } from "playwright-core"
import { LOCAL_BACKEND_PORT } from "../../src/build-time/cms/config"
import { PORT_WAIT_TIMEOUT, startFixedPortServer, startWhenPortFree, stopServer } from "./support"

const startLocalBackend = (scratch: string) =>
  startFixedPortServer({
    name: "decap-server",
    args: [require.resolve("decap-server/dist/index.js")],
    cwd: scratch,
    env: { ...process.env, GIT_REPO_DIRECTORY: scratch, PORT: String(LOCAL_BACKEND_PORT), LOG_LEVEL: "info" },
    listening: /listening on port/i,
    takenBy: `port ${LOCAL_BACKEND_PORT}; is \`npm run cms\` running?`,
  })

/** decap-server over a folder, once no other file holds its port: stop it with stopServer. */
export const localBackendOver = (folder: string) => startWhenPortFree(() => startLocalBackend(folder))

/**
 * Registers the hooks that run decap-server for a test file over a fresh scratch folder, which `prepare` fills
 * (a copy of data/, or of the whole project); returns the folder's path for the tests to read.
 */
export function runLocalBackendForFile(prefix: string, prepare: (scratch: string) => void): () => string {
  let scratch = ""
  let backend: ChildProcess | undefined
  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
    prepare(scratch)
    backend = await localBackendOver(scratch)
  }, PORT_WAIT_TIMEOUT)
  afterAll(async () => {
    await stopServer(backend)
    fs.rmSync(scratch, { recursive: true, force: true })
  })
  return () => scratch
}

/**
 * How long Decap's first start in a fresh browser may take: its bundle (several MB of script) is compiled
 * before it draws anything, which took up to 60 s on a busy 2-core machine.
 */
export const FIRST_START = 90_000

/**
 * After a publish the live banner asks GitHub for the branch's newest commit; these tests have no network, so the
 * context answers for GitHub with a commit no build names (the banner then says Building). A test of the banner
 * routes the page itself, which takes precedence.
 */
export const answerForGitHub = (page: Page) =>
  page
    .context()
    .route("https://api.github.com/**", route =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ commit: { sha: "0".repeat(40) } }) }),
    )

/** The pages that have published an entry (publish below). */
const published = new WeakSet<Page>()

/**
 * Opens a place in the CMS, signing in to the local backend when it asks (once per browser context). Where the
 * page already runs Decap, it goes there through the collection's list, as the owner does (an entry's card, or
 * the list's New button), instead of starting Decap's 5 MB bundle again: moved from one editor to another by the
 * address's hash alone, Decap keeps the first entry's values in the second's form; an editor left for its
 * collection's list is drawn anew. Once the page has published, a new entry opens in a freshly loaded page:
 * reached inside the app after a publish, even through the list, Decap draws the new entry's form as already
 * saved, with no field to type in. A page kept from test to test (keptPage in support.ts) starts Decap once for
 * its file.
 */
export async function openCms(page: Page, address: string) {
  await answerForGitHub(page)
  const login = page.getByRole("button", { name: "Login" })
  const publishButton = page.getByRole("button", { name: "Publish" })
  const { hash } = new URL(address)
  const onAdmin = page.url().startsWith(new URL("/admin/", address).href)
  const inApp = hash.includes("/entries/") || !published.has(page)
  if (onAdmin && inApp && (await page.evaluate(() => "CMS" in window))) {
    // A new entry just published: once the backend has written it, Decap moves from .../new to the saved entry's
    // address, and a move made before that is undone by Decap's own (the list's card never came, once in 2 runs).
    if (published.has(page) && new URL(page.url()).hash.endsWith("/new"))
      await page.waitForURL(current => !current.hash.endsWith("/new"))
    // An entry left unsaved (a refused value) asks whether to leave it: the owner moving on says yes.
    const leave = (dialog: Dialog) => void dialog.accept()
    page.on("dialog", leave)
    const collection = hash.replace(/^#\/collections\/([^/]+).*$/, "$1")
    await page.evaluate(name => (window.location.hash = `#/collections/${name}`), collection)
    await publishButton.waitFor({ state: "detached" })
    page.off("dialog", leave)
    // Once the list has drawn the entry's card (or its New button), Decap goes where it leads.
    await page.locator(`a[href="${hash}"]`).first().waitFor({ state: "attached" })
    await page.evaluate(target => (window.location.hash = target), hash)
    await publishButton.waitFor()
    return
  }
  if (onAdmin) await page.goto("about:blank")
  await page.goto(address, { timeout: FIRST_START })
  published.delete(page)
  await login.or(publishButton).first().waitFor({ timeout: FIRST_START })
  if (await login.isVisible()) await login.click()
  await publishButton.waitFor()
}

/** Presses Publish now in the editor's top bar, as the owner does (with a finger when `touch`). */
export async function pressPublish(page: Page, touch = false) {
  const press = (locator: Locator) => (touch ? locator.tap() : locator.click())
  await press(page.getByRole("button", { name: "Publish" }))
  await press(page.getByRole("menuitem", { name: "Publish now" }))
  published.add(page)
}

/** How long decap-server may take to write an entry with its photos on a busy machine. */
const WRITE_TIMEOUT = 60_000

/**
 * Publishes the open entry and resolves once the local backend has written all of it. decap-server answers an
 * entry's save after writing the entry's file and then its photos, so a file that appears is not yet the whole
 * save: a test that listed the photos as soon as the project's JSON parsed missed one (once, beside other browser
 * files). Reading the files after this needs no polling.
 */
export async function publish(page: Page, touch = false) {
  const saved = page.waitForResponse(response => savesEntry(response.request()), { timeout: WRITE_TIMEOUT })
  await pressPublish(page, touch)
  const answer = await saved
  if (!answer.ok()) throw new Error(`decap-server did not save the entry (${answer.status()}): ${await answer.text()}`)
}

/** Whether a request of Decap's to its local backend saves an entry (as against reading one); a GET has no body. */
function savesEntry(request: Request) {
  if (!request.url().startsWith(`http://localhost:${LOCAL_BACKEND_PORT}/`)) return false
  try {
    return request.postDataJSON()?.action === "persistEntry"
  } catch {
    return false
  }
}

/** Picks an entry in a relation field (a searchable select) by typing its name. */
export async function choose(page: Page, label: string, name: string) {
  await page.getByLabel(label, { exact: true }).pressSequentially(name)
  await page.getByRole("option", { name, exact: true }).click()
}

/** What the preview and the built page must share: the heading, the header's phone, the first photo, styles. */
export async function pageFacts(root: Page | FrameLocator) {
  const heading = root.locator("h1").first()
  const phone = root.locator('header a[href^="tel:"]').first()
  const photo = root.locator("main picture img").first()
  const hasPhoto = (await photo.count()) > 0
  return {
    heading: (await heading.innerText()).trim(),
    phone: (await phone.textContent())?.replace(/\s+/g, " ").trim(),
    photo: hasPhoto ? await photo.getAttribute("src") : null,
    headingStyle: await heading.evaluate(element => {
      const style = getComputedStyle(element)
      return [style.fontFamily, style.fontWeight, style.color].join(" · ")
    }),
    headerBackground: await root
      .locator("header")
      .first()
      .evaluate(element => getComputedStyle(element).backgroundColor),
  }
}

/** The preview pane's page, once the site's template has drawn it. */
export async function previewOf(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator("iframe").first()
  await frame
    .locator("main h1")
    .first()
    .waitFor()
    .catch(async (error: Error) => {
      const shown = await frame
        .locator("body")
        .innerText({ timeout: 1000 })
        .catch(() => "no frame")
      throw new Error(`${error.message}\nThe preview pane shows: ${shown.slice(0, 500)}`)
    })
  return frame
}
