/*
 * Signing in to the content manager on Cloudflare, end to end and offline: the built /admin/ and the
 * site's Worker (worker/sign-in/) under `wrangler dev`, GitHub's OAuth endpoints stood in for
 * (sign-in-host.ts, which issues a token only for the PKCE verifier of the code's challenge) and GitHub's API
 * answered by the test. Decap's own pop-up handshake must deliver the token; a token endpoint out of reach must
 * end on the pop-up's own page and reach Decap as an error; a page of another origin that opens the same pop-up
 * must receive nothing, though GitHub issued a token.
 */
import type { Locator, Page, Request } from "playwright-core"
import { FIRST_START } from "./cms-support"
import { setUpBrowser, type ServedSite } from "./support"
import { startWorkerDev, startStandInGitHub, type StandInGitHub } from "./sign-in-host"
import { STATE_COOKIE } from "../../worker/sign-in/github-oauth"
import { SIGN_IN_EXPIRES_KEY } from "../../src/lib/github"

jest.setTimeout(150_000)

const { newPage, takeConsoleErrors } = setUpBrowser()

let gitHub: StandInGitHub
let site: ServedSite

beforeAll(async () => {
  gitHub = await startStandInGitHub()
  site = await startWorkerDev(gitHub)
}, 90_000)

afterAll(async () => {
  await site?.close()
  await gitHub?.close()
})

/** Answers what Decap asks GitHub's API after a sign-in, and keeps the Authorization header of each request. */
async function standInApi(page: Page): Promise<string[]> {
  const authorizations: string[] = []
  await page.route("https://api.github.com/**", route => {
    const request = route.request()
    authorizations.push(request.headers().authorization ?? "")
    const { pathname } = new URL(request.url())
    if (pathname === "/user") return route.fulfill({ json: { login: "owner", name: "The Owner", avatar_url: "" } })
    if (/^\/repos\/[^/]+\/[^/]+$/.test(pathname))
      return route.fulfill({ json: { owner: { login: "owner" }, permissions: { push: true } } })
    return route.fulfill({ status: 404, json: { message: "Not Found" } })
  })
  return authorizations
}

/**
 * How long /admin/ may take to show Decap's login before it is loaded once more. Once, in the project's CI, the
 * page's load did not come in 90 s though the same start takes about 2 s here and every earlier start in that
 * file had come; it could not be repeated (docs/testing.md, beside Decap's starts). A stalled start is reported
 * with the requests still open, then tried again, so a stall of the local runtime is told apart from a broken
 * sign-in.
 */
const STALLED = 45_000

/** Opens /admin/ and resolves to Decap's login button once it shows. */
async function openAdmin(page: Page): Promise<Locator> {
  const login = page.getByRole("button", { name: "Login with GitHub" })
  const open = new Set<Request>()
  const started = (request: Request) => open.add(request)
  const ended = (request: Request) => open.delete(request)
  page.on("request", started)
  page.on("requestfinished", ended)
  page.on("requestfailed", ended)
  try {
    await page.goto(`${site.url}/admin/`, { timeout: STALLED })
    await login.waitFor({ timeout: STALLED })
  } catch (error) {
    const pending = [...open].map(request => request.url()).join(", ") || "none"
    console.warn(
      `/admin/ did not start in ${STALLED / 1000} s (${String(error).split("\n")[0]}); still open: ${pending}`,
    )
    await page.goto(`${site.url}/admin/`, { timeout: FIRST_START })
    await login.waitFor({ timeout: FIRST_START })
  } finally {
    page.off("request", started)
    page.off("requestfinished", ended)
    page.off("requestfailed", ended)
  }
  return login
}

describe("the content manager's sign-in on Cloudflare", () => {
  test("Login with GitHub opens the site's own /auth, and Decap receives the token GitHub issued", async () => {
    const page = await newPage()
    const authorizations = await standInApi(page)
    const login = await openAdmin(page)
    const popupOpened = page.waitForEvent("popup")
    await login.click()
    const popup = await popupOpened
    expect(new URL(popup.url()).origin).toBe(site.url)
    if (!popup.isClosed()) await popup.waitForEvent("close")

    expect(gitHub.tokens).toHaveLength(1)
    const token = gitHub.tokens[0]
    await page.waitForFunction(
      expected => JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}").token === expected,
      token,
    )
    expect(authorizations).toContain(`token ${token}`)
    expect(gitHub.refused).toEqual([])
    await login.waitFor({ state: "detached" })
    // The stand-in API answers only the sign-in's questions; Decap's complaints about the rest are not ours.
    takeConsoleErrors(page)
  })

  test("a GitHub App's token: /admin/ keeps when it ends, says so before, and Sign in again puts a new one in place", async () => {
    const page = await newPage()
    await standInApi(page)
    const endsAt = () => page.evaluate(key => Number(localStorage.getItem(key)), SIGN_IN_EXPIRES_KEY)
    const storedToken = () =>
      page.evaluate(() => (JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}") as { token?: string }).token)
    gitHub.expiresIn = 8 * 60 * 60
    try {
      const login = await openAdmin(page)
      const popupOpened = page.waitForEvent("popup")
      await login.click()
      const popup = await popupOpened
      if (!popup.isClosed()) await popup.waitForEvent("close")
      const first = gitHub.tokens[gitHub.tokens.length - 1]
      await page.waitForFunction(expected => localStorage.getItem("decap-cms-user")?.includes(expected), first!)
      // Kept: when the token ends, never the token or its refresh token outside Decap's own record.
      expect(Math.abs((await endsAt()) - (Date.now() + 8 * 3_600_000))).toBeLessThan(120_000)
      const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }))
      expect(storage).not.toContain("ghr_standin")

      // Ten minutes before it ends, /admin/ says so, and one click signs in again.
      await page.evaluate(key => localStorage.setItem(key, String(Date.now() + 10 * 60_000)), SIGN_IN_EXPIRES_KEY)
      await page.reload()
      const notice = page.getByRole("status").filter({ hasText: "Your GitHub sign-in ends at" })
      await notice.waitFor()
      const again = page.waitForEvent("popup")
      const reloaded = page.waitForEvent("load")
      await notice.getByRole("button", { name: "Sign in again" }).click()
      const second = await again
      if (!second.isClosed()) await second.waitForEvent("close")
      await reloaded
      expect(gitHub.tokens[gitHub.tokens.length - 1]).not.toBe(first)
      expect(await storedToken()).toBe(gitHub.tokens[gitHub.tokens.length - 1])
      expect((await endsAt()) - Date.now()).toBeGreaterThan(7 * 3_600_000)
      await page.getByRole("status").filter({ hasText: "Your GitHub sign-in" }).waitFor({ state: "detached" })
    } finally {
      gitHub.expiresIn = null
    }
    // An OAuth App's token does not end: its sign-in clears the time an earlier one kept. Decap, started again
    // by the reload, records its sign-in once GitHub's API has answered; leaving /admin/ first means no late
    // record puts back the one removed here.
    await page.goto(`${site.url}/`)
    await page.evaluate(() => localStorage.removeItem("decap-cms-user"))
    const login = await openAdmin(page)
    const popupOpened = page.waitForEvent("popup")
    await login.click()
    const popup = await popupOpened
    if (!popup.isClosed()) await popup.waitForEvent("close")
    await page.waitForFunction(key => localStorage.getItem(key) === null, SIGN_IN_EXPIRES_KEY)
    takeConsoleErrors(page)
  })

  test("a token endpoint out of reach ends on the pop-up's own page, and Decap receives the error", async () => {
    const page = await newPage()
    await standInApi(page)
    const login = await openAdmin(page)
    // What the pop-up posts to the content manager, as the content manager's window receives it.
    await page.evaluate(() => {
      const received: string[] = []
      Object.assign(window, { received })
      window.addEventListener("message", event => received.push(String(event.data)))
    })
    const issued = gitHub.tokens.length
    gitHub.unreachable = true
    try {
      const callbackAnswered = page
        .context()
        .waitForEvent("response", answer => answer.url().includes("/auth/callback"))
      await login.click()
      const answer = await callbackAnswered
      expect(answer.status()).toBe(502)
      expect(new URL(answer.url()).origin).toBe(site.url)
      await page.waitForFunction(() =>
        (window as unknown as { received: string[] }).received.some(data =>
          data.startsWith("authorization:github:error:"),
        ),
      )
    } finally {
      gitHub.unreachable = false
    }
    const received: string[] = await page.evaluate(() => (window as unknown as { received: string[] }).received)
    const error = received.find(data => data.startsWith("authorization:github:error:")) ?? ""
    expect(JSON.parse(error.slice("authorization:github:error:".length)).message).toMatch(
      /^GitHub could not be reached to finish the sign-in \(.+\)\. Close this window and press Login again\.$/,
    )
    expect(gitHub.tokens).toHaveLength(issued)
    // Decap stays on its login page, ready for another try.
    await login.waitFor()
    takeConsoleErrors(page)
  })

  test("a page of another origin that opens the pop-up receives nothing, though the pop-up holds a token", async () => {
    const page = await newPage()
    await page.goto(`${gitHub.origin}/elsewhere/`)
    const issued = gitHub.tokens.length
    const popupOpened = page.waitForEvent("popup")
    // What a page fishing for the token would do: open the sign-in and answer its handshake to any origin.
    await page.evaluate(signIn => {
      const received: string[] = []
      Object.assign(window, { received })
      window.addEventListener("message", event => {
        received.push(String(event.data))
        ;(event.source as Window).postMessage(event.data, "*")
      })
      window.open(signIn, "sign-in", "width=600,height=600")
    }, `${site.url}/auth?provider=github&site_id=elsewhere&scope=repo`)
    const popup = await popupOpened
    await popup.getByText("This sign-in was not started by this site's content manager").waitFor()
    expect(gitHub.tokens).toHaveLength(issued + 1)
    // The answer to a message posted now would come after any the pop-up posted before.
    await popup.evaluate(() => window.opener.postMessage("still there?", "*"))
    await page.waitForFunction(() => (window as unknown as { received: string[] }).received.length > 0)
    expect(await page.evaluate(() => (window as unknown as { received: string[] }).received)).toEqual(["still there?"])
  })

  test("a callback with a state the site did not give out is refused before GitHub is asked", async () => {
    const asked = gitHub.tokens.length + gitHub.refused.length
    const start = await fetch(`${site.url}/auth?provider=github&scope=repo`, { redirect: "manual" })
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")
    const forged = await fetch(`${site.url}/auth/callback?code=code-1&state=forged`, {
      headers: { Cookie: `${STATE_COOKIE}=${state}` },
    })
    expect(forged.status).toBe(403)
    expect(await forged.text()).not.toContain("authorization:github:success")
    expect(gitHub.tokens.length + gitHub.refused.length).toBe(asked)
  })
})
