/*
 * Shared set-up of the browser tests: the built site served on a free port by scripts/serve.mjs, which runs
 * the Worker's runtime (`wrangler dev`: the host's trailing-slash redirects and 404.html), started once for the
 * run by global-setup.ts or per file when a file runs without it; each file's own Chromium, Debian's, driven by
 * playwright-core; and pages that fail their test on any uncaught page error, unexpected console
 * error or Content-Security-Policy violation. The runtime applies public/_headers as the host does, so every
 * browser test runs under the site's real policy and headers.
 */
import { spawn, type ChildProcess } from "node:child_process"
import net from "node:net"
import path from "node:path"
import readline from "node:readline"
import { pathToFileURL } from "node:url"
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core"
import chromiumArgs from "../../scripts/chromium-args.json"
import { INBOX_PATH } from "../../src/lib/estimate/inbox-contract"
import { HYDRATED_ATTRIBUTE } from "../../src/styles/theme"
import { repoRoot, siteRoot } from "../support/site"

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

// The flags Debian's Chromium needs on this closed network, shared with the benchmark.
const CHROMIUM_ARGS: string[] = chromiumArgs
/**
 * Chromium's headless shell, Debian's chromium-headless-shell (scripts/ensure-chromium.sh installs it): the
 * same release as the chromium package without the desktop browser's work around each page, so the browser
 * tests spend their two cores on the pages (docs/testing.md has the times). Lighthouse runs in the full browser.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell"

/** Where global-setup.ts leaves the served site's address, on each server. */
export const SHARED_SITE = { static: "BROWSER_TESTS_SITE", host: "BROWSER_TESTS_HOST" } as const

/**
 * What serves the built site: "static", scripts/static-server.mjs, the host's static semantics in plain Node
 * (the URL form, _headers, 404.html) and fast, for the tests of the site's pages; "host", scripts/serve.mjs,
 * the Worker's own runtime (`wrangler dev`), for the tests of the host itself: its addresses and
 * headers, the Functions.
 */
export type Runtime = keyof typeof SHARED_SITE

/**
 * A Chromium of the file's own, driven over a pipe. One Chromium shared by the run's files was tried: every call
 * then went through a Playwright server in Jest's main process, and five browser files on two workers took 1.06
 * times the time and the CPU of the same files each with its own (143 and 143 s against 133 and 136 s, alternated
 * twice in one run, 2026-11-29).
 */
const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })

/** The run's served site when there is one (closing it then leaves it serving), else one of the file's own. */
export const siteForFile = (runtime: Runtime = "static"): Promise<ServedSite> => {
  const shared = process.env[SHARED_SITE[runtime]]
  return shared ? Promise.resolve({ url: shared, close: async () => undefined }) : serveSite(siteRoot, { runtime })
}

/** A server failing to start because another process holds its fixed port. */
export class PortTaken extends Error {
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * How long a file waits for another to let go of a fixed port: as long as the longest file that holds one may
 * run on a busy machine (the estimate form's file took 247 s under a load average of 8), so a turn never fails.
 */
const PORT_WAIT = 900_000

/** How long a file's beforeAll may take when it waits for a fixed port: the wait, then a minute to start. */
export const PORT_WAIT_TIMEOUT = PORT_WAIT + 60_000

/**
 * Starts a server whose port is fixed (the build and the content manager's configuration name it). Browser test
 * files run two at a time, and two that need the same server take turns: while another file holds the port this
 * waits for it, for up to PORT_WAIT, then fails with `start`'s message. A wait is printed with its seconds, so
 * a start order that makes files wait (sequencer.js) shows in the run's output.
 */
export async function startWhenPortFree<T>(start: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const deadline = started + PORT_WAIT
  let waitedFor = ""
  for (;;) {
    try {
      const server = await start()
      if (waitedFor) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        process.stderr.write(
          `${path.basename(expect.getState().testPath ?? "")}: waited ${seconds} s for ${waitedFor}'s port\n`,
        )
      }
      return server
    } catch (error) {
      if (!(error instanceof PortTaken) || Date.now() > deadline) throw error
      waitedFor = error.server
      await new Promise(resolve => setTimeout(resolve, 250))
    }
  }
}

export interface FixedPortServer {
  /** What a failure calls it: "The inbox", "decap-server". */
  name: string
  args: string[]
  cwd?: string
  env: NodeJS.ProcessEnv
  /** What its output says once it accepts requests. */
  listening: RegExp
  /** What else may hold the port, for the message when it is taken. */
  takenBy: string
}

/**
 * Runs a local server program on its fixed port (node with `args`) and resolves once its output says it
 * listens. When the port is taken it rejects with PortTaken, on which startWhenPortFree waits; any other
 * exit rejects with what the program printed.
 */
export function startFixedPortServer({ name, args, cwd, env, listening, takenBy }: FixedPortServer) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
  return new Promise<ChildProcess>((resolve, reject) => {
    let output = ""
    const taken = () => /EADDRINUSE/.test(output)
    const read = (chunk: Buffer) => {
      output += String(chunk)
      if (listening.test(output)) resolve(child)
      if (taken()) child.kill()
    }
    child.stdout!.on("data", read)
    child.stderr!.on("data", read)
    // Settled once the program is gone, so a retry never starts beside it.
    child.once("exit", code =>
      reject(
        taken()
          ? new PortTaken(name, `${name} could not listen: its port is taken (${takenBy}): ${output}`)
          : new Error(`${name} exited with code ${code} before listening: ${output}`),
      ),
    )
  })
}

/** Stops a server startFixedPortServer started, and waits until it has let go of its port. */
export async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise(done => child.once("exit", done))
  child.kill()
  await exited
}

/** A port nothing on 127.0.0.1 listens on now, for a server that must be told its address before it starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>(resolve => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise(resolve => server.close(resolve))
  return port
}

export interface ServedSite {
  url: string
  close: () => Promise<void>
  /** On the Worker's runtime: the file of each e-mail the host sent the owner (the local send_email binding). */
  emails?: string[]
}

const SERVERS = {
  host: { module: "scripts/serve.mjs", start: "startServer" },
  static: { module: "scripts/static-server.mjs", start: "startStaticServer" },
}

/**
 * Serves the build (on the host's runtime unless `runtime` says "static") in a child process: the servers are
 * ES modules, which Jest's CommonJS module system cannot load. The child exits when its stdin closes, so it does
 * not outlive a crashed test run. On the host's runtime, `bindings` are the Functions' settings, and without
 * `inbox` it serves the site as a host without the inbox's database does; with it, the local D1 in `state`.
 */
export function serveSite(
  root = siteRoot,
  {
    port = 0,
    bindings = {},
    runtime = "host",
    inbox = false,
    state,
  }: {
    port?: number
    bindings?: Record<string, string>
    runtime?: Runtime
    inbox?: boolean
    state?: string
  } = {},
): Promise<ServedSite> {
  const server = SERVERS[runtime]
  const serveModule = pathToFileURL(path.join(repoRoot, server.module)).href
  const options = runtime === "host" ? { root, port, bindings, inbox, state } : { root, port }
  const program = `
    import { ${server.start} } from ${JSON.stringify(serveModule)}
    const site = await ${server.start}({ ...${JSON.stringify(options)}, onEmail: file => console.log("EMAIL " + file) })
    console.log("SERVING " + site.url)
    process.stdin.resume()
    process.stdin.on("end", () => site.close().then(() => process.exit(0)))
  `
  const child = spawn(process.execPath, ["--input-type=module", "-e", program], {
    stdio: ["pipe", "pipe", "inherit"],
  })
  const emails: string[] = []
  return new Promise((resolve, reject) => {
    child.once("error", reject)
    child.once("exit", code => reject(new Error(`scripts/serve.mjs exited with code ${code} before serving`)))
    readline.createInterface({ input: child.stdout }).on("line", line => {
      if (line.startsWith("EMAIL ")) return emails.push(line.slice("EMAIL ".length).trim())
      const match = /SERVING (\S+)/.exec(line)
      if (!match) return
      child.removeAllListeners("exit")
      resolve({
        url: match[1],
        emails,
        close: () =>
          new Promise(done => {
            if (child.exitCode !== null) return done()
            child.once("exit", () => done())
            child.stdin.end()
          }),
      })
    })
  })
}

interface PageWatch {
  pageErrors: string[]
  consoleErrors: string[]
}

/** Headers every page of this test file sends with each request; each file has a module of its own. */
const fileHeaders: Record<string, string> = {}

/**
 * Has every page this file opens from now on send `headers` with each request: estimate-support.ts names the
 * file's session of the run's EmailJS stand-in so.
 */
export const sendWithEveryRequest = (headers: Record<string, string>) => Object.assign(fileHeaders, headers)

/**
 * Registers the hooks of a browser test file (served by `serve` when given, else by `runtime`: the fast static
 * server unless the file tests the host): Chromium and the server start once for the file, each
 * test's browser contexts are closed after it, and a test fails if any of its pages threw an uncaught
 * error or logged a console error the test did not take with takeConsoleErrors (takePageErrors).
 */
export function setUpBrowser({
  runtime = "static",
  serve,
}: { runtime?: Runtime; serve?: () => Promise<ServedSite> } = {}) {
  let browser: Browser | undefined
  let site: ServedSite | undefined
  let contexts: BrowserContext[] = []
  const watches = new Map<Page, PageWatch>()
  let kept: Promise<Page> | undefined

  // BROWSER_TESTS_RUNTIME=host serves every file from the host's runtime (docs/testing.md).
  const served = process.env.BROWSER_TESTS_RUNTIME === "host" ? "host" : runtime
  beforeAll(async () => {
    ;[browser, site] = await Promise.all([launchChromium(), serve ? serve() : siteForFile(served)])
  })

  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  afterEach(async () => {
    const problems = [...watches.values()].flatMap(({ pageErrors, consoleErrors }) => [
      ...pageErrors.map(message => `page error: ${message}`),
      ...consoleErrors.map(message => `console error: ${message}`),
    ])
    const fileLongPage = await kept
    for (const [page, watch] of watches)
      if (page === fileLongPage) watch.pageErrors.length = watch.consoleErrors.length = 0
      else watches.delete(page)
    await Promise.all(contexts.map(context => context.close()))
    contexts = []
    expect(problems).toEqual([])
  })

  const url = (pathname: string) => {
    if (!site) throw new Error("The site is not served yet: call url() inside a test")
    return `${site.url}${pathname}`
  }

  /**
   * A page in a fresh context (desktop 1280×800 unless options say otherwise) whose errors are watched, sending the
   * file's headers (sendWithEveryRequest) on each request.
   */
  async function newPage(options: BrowserContextOptions = {}, { keep = false } = {}): Promise<Page> {
    if (!browser) throw new Error("Chromium is not running: call newPage() inside a test")
    const headers = { ...fileHeaders, ...options.extraHTTPHeaders }
    const context = await browser.newContext({
      viewport: DESKTOP,
      ...options,
      ...(Object.keys(headers).length > 0 ? { extraHTTPHeaders: headers } : {}),
    })
    if (!keep) contexts.push(context)
    // Chromium logs blocked code itself; the event makes a Content-Security-Policy violation fail the test
    // whatever the browser chooses to log.
    await context.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", event =>
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`),
      ),
    )
    const page = await context.newPage()
    const watch: PageWatch = { pageErrors: [], consoleErrors: [] }
    watches.set(page, watch)
    page.on("pageerror", error => watch.pageErrors.push(error.message))
    page.on("console", message => {
      if (message.type() !== "error") return
      const source = message.location().url
      // Chromium asks for /favicon.ico once per browser, so its failure would land on whichever test
      // runs first; built-html.test.ts checks the icon instead.
      if (source.endsWith("/favicon.ico")) return
      // The shared sites have no inbox, as a host without one: the runtime's Function, without its database,
      // answers each post 503, the static server, without Functions (as Netlify or a plain CDN), 404; the form
      // goes on by e-mail alone (the inbox's own tests serve a site with the database).
      if (source.includes(INBOX_PATH) && /status of (404|503)/.test(message.text())) return
      watch.consoleErrors.push(source ? `${message.text()} (${source})` : message.text())
    })
    return page
  }

  /**
   * One desktop page for the whole file, kept from test to test, for what is costly to start (Decap's 5 MB
   * bundle); its errors fail the test in which they happen, as any page's do. Chromium closes it after the file.
   */
  function keptPage(): Promise<Page> {
    kept ??= newPage({}, { keep: true })
    return kept
  }

  /** Opens a path of the served site and waits until React has hydrated the page. */
  async function open(page: Page, pathname: string) {
    const response = await page.goto(url(pathname), { waitUntil: "load" })
    await waitForHydration(page)
    return response
  }

  /** The console errors a page has logged so far, which then no longer fail the test. */
  function takeConsoleErrors(page: Page): string[] {
    const watch = watches.get(page)
    if (!watch) return []
    return watch.consoleErrors.splice(0)
  }

  /** The uncaught errors a page has thrown so far, which then no longer fail the test. */
  function takePageErrors(page: Page): string[] {
    const watch = watches.get(page)
    if (!watch) return []
    return watch.pageErrors.splice(0)
  }

  return { url, newPage, keptPage, open, takeConsoleErrors, takePageErrors }
}

/**
 * Holds back the page's requests that `matches` picks, as a slow connection does, until the test calls
 * release(). A bound, counted from the first request held, lets them through if a test never does; release()
 * clears it, so no file's process waits it out after its last test. released() says whether they went through.
 */
export async function holdBack(page: Page, matches: (url: URL) => boolean, boundMs = 60_000) {
  let letGo = () => {}
  const going = new Promise<void>(resolve => (letGo = resolve))
  let bound: NodeJS.Timeout | undefined
  let through = false
  await page.route(matches, async route => {
    bound ??= setTimeout(letGo, boundMs)
    await going
    through = true
    await route.continue().catch(() => {})
  })
  return {
    release: () => {
      clearTimeout(bound)
      letGo()
    },
    released: () => through,
  }
}

/**
 * Has the page's code load, as a visitor's first action would (the bundles wait for one:
 * src/build-time/deploy/on-first-action.ts), and waits until React has hydrated the server-rendered page and
 * marked <html> (gatsby-browser.tsx), then lets the commit's effects run, so that listeners such as the
 * dropdowns' outside click are in place. The action is an untrusted pointerdown on the page's <body>: no
 * element takes it, and it moves neither focus nor the browser's sense of a keyboard in use.
 */
export async function waitForHydration(page: Page) {
  await page.evaluate(() => document.body.dispatchEvent(new Event("pointerdown", { bubbles: true })))
  await page.waitForFunction(attribute => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)
  await page.evaluate(
    () =>
      new Promise<void>(resolve => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  )
}

/** Waits until the page has stopped scrolling (scrollY unchanged for a few frames), and returns scrollY. */
export async function waitForScrollEnd(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>(resolve => {
        let last = window.scrollY
        let still = 0
        const check = () => {
          still = window.scrollY === last ? still + 1 : 0
          last = window.scrollY
          if (still >= 10) resolve(last)
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      }),
  )
}

/** Up to `most` elements that stick out past the right edge of the page, when the page scrolls sideways. */
export const horizontalOverflow = (page: Page, most = 5) =>
  page.evaluate(limit => {
    const root = document.scrollingElement ?? document.documentElement
    if (root.scrollWidth <= root.clientWidth) return []
    return Array.from(document.body.querySelectorAll("*"))
      .filter(element => element.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, limit)
      .map(
        element => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}"> ${root.scrollWidth}px`,
      )
  }, most)
