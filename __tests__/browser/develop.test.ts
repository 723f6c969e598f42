/*
 * The developer's and the owner's local tools: `gatsby develop` (which `npm run develop` and `npm run cms` start)
 * on a copy of this checkout compiles with no error, shows a page in Chromium, serves the content manager at
 * /admin/ and answers a GraphiQL query with the content of data/. A lint rule that Gatsby's development bundle
 * enforces, or a plugin that only the production build was tried with, fails here rather than on the owner's
 * machine. The copy keeps the checkout's .cache/ and public/ out of it and shares its node_modules.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import business from "../../data/business.json"
import { ADMIN_PATH } from "../../src/build-time/cms/admin"
import { LOCAL_BACKEND_PORT } from "../../src/build-time/cms/local-host.cjs"
import { paths } from "../../src/lib/paths"
import { cityFiles } from "../fixtures/content"
import { repoRoot } from "../support/site"
import { freePort, setUpBrowser, type ServedSite } from "./support"

// A cold development bundle took 35 s here on a quiet machine, several times that beside another browser file.
jest.setTimeout(420_000)

/** What a checkout holds that is made, not written: the copy starts without them, as a fresh clone does. */
const MADE = new Set(["node_modules", ".cache", "public", ".git", ".node", ".inbox", ".wrangler", "bench", "coverage"])

/** Gatsby's own words for a development bundle that did not compile. */
const FAILED = /ERROR #|failed Building development bundle|compiled with \d+ errors?/

let output = ""

function copyOfCheckout(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "develop-"))
  fs.cpSync(repoRoot, copy, {
    recursive: true,
    filter: source => !MADE.has(path.relative(repoRoot, source).split(path.sep)[0]),
  })
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"))
  return copy
}

async function startDevelop(): Promise<ServedSite> {
  const copy = copyOfCheckout()
  const port = await freePort()
  const gatsby = path.join(repoRoot, "node_modules/gatsby/cli.js")
  const child: ChildProcess = spawn(process.execPath, [gatsby, "develop", "--host", "127.0.0.1", "--port", `${port}`], {
    cwd: copy,
    env: { ...process.env, NODE_ENV: "development", GATSBY_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise(done => child.once("exit", done))
      child.kill()
      await exited
    }
    fs.rmSync(copy, { recursive: true, force: true })
  }
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += String(chunk)
      if (FAILED.test(output)) reject(new Error(`gatsby develop did not compile:\n${output.slice(-3000)}`))
      else if (/success Building development bundle/.test(output)) resolve()
    }
    child.stdout?.on("data", read)
    child.stderr?.on("data", read)
    child.once("exit", code =>
      reject(new Error(`gatsby develop exited (${code}) before serving:\n${output.slice(-3000)}`)),
    )
  })
    // "Building development bundle" can end before Gatsby has written the pages' data: the server is ready for
    // a visitor once the home page's data answers.
    .then(() => pageDataAnswers(`http://127.0.0.1:${port}`))
    .catch(async error => {
      await close()
      throw error
    })
  return { url: `http://127.0.0.1:${port}`, close }
}

async function pageDataAnswers(origin: string) {
  const end = Date.now() + 120_000
  for (;;) {
    const answer = await fetch(`${origin}/page-data/index/page-data.json`).catch(() => undefined)
    if (answer?.ok) return
    if (Date.now() > end) throw new Error(`gatsby develop did not serve the home page's data:\n${output.slice(-3000)}`)
    await new Promise(resolve => setTimeout(resolve, 500))
  }
}

const browser = setUpBrowser({ serve: startDevelop })

test("the development bundle compiles with no error and shows the home page with the business's name", async () => {
  const page = await browser.newPage()
  const response = await page.goto(browser.url(paths.home), { waitUntil: "load" })
  expect(response?.status()).toBe(200)
  await page.locator("header").filter({ hasText: business.name }).first().waitFor({ timeout: 60_000 })
  expect(await page.locator("h1").count()).toBe(1)
  expect(output).not.toMatch(FAILED)
})

test("GraphiQL answers a query with the content of data/", async () => {
  const page = await browser.newPage()
  const answer = await page.request.post(browser.url("/___graphql"), {
    data: { query: "query DevelopCheck { allCitiesJson { totalCount } businessJson { phone } }" },
  })
  expect(answer.status()).toBe(200)
  const { data, errors } = await answer.json()
  expect(errors).toBeUndefined()
  expect(data).toEqual({ allCitiesJson: { totalCount: cityFiles.length }, businessJson: { phone: business.phone } })
})

test("the content manager opens at /admin/ and asks the owner to log in", async () => {
  const page = await browser.newPage()
  const response = await page.goto(browser.url(ADMIN_PATH), { waitUntil: "load" })
  expect(response?.status()).toBe(200)
  await page.getByRole("button", { name: "Login" }).waitFor({ timeout: 120_000 })
  // `npm run cms` starts decap-server beside the development server; without it Decap's one try to reach it is
  // the only error, and the cms files test the two together.
  const backend = `localhost:${LOCAL_BACKEND_PORT}`
  expect(browser.takeConsoleErrors(page).filter(message => !message.includes(backend))).toEqual([])
})
