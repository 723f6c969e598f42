/**
 * @jest-environment node
 */
/*
 * The content manager's sign-in on the site's Worker (worker/sign-in/github-oauth.ts), as its two paths
 * answer requests: where /auth sends the pop-up, and what /auth/callback does with a state it did or did not
 * give out. The pop-up's handshake in a real browser, under the host's runtime, is __tests__/browser/sign-in.test.ts.
 */
import { createHash } from "node:crypto"
import {
  CALLBACK_PATH,
  codeChallenge,
  finishSignIn,
  SIGN_IN_PATH,
  startSignIn,
  STATE_COOKIE,
  type SignInEnv,
} from "../worker/sign-in/github-oauth"

const SITE = "https://www.concrete.example"
const env: SignInEnv = { GITHUB_CLIENT_ID: "client-id-1", GITHUB_CLIENT_SECRET: "client-secret-1" }

const signInRequest = (query = "provider=github&site_id=www.concrete.example&scope=repo") =>
  new Request(`${SITE}${SIGN_IN_PATH}?${query}`)

async function started(query?: string) {
  const response = await startSignIn(signInRequest(query), env)
  const location = new URL(response.headers.get("Location") ?? "")
  const cookie = /^[^=]+=([^;]*)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? ""
  return { response, location, state: location.searchParams.get("state") ?? "", cookie }
}

/** The callback GitHub sends the pop-up back to, with the cookie /auth set. */
const returned = ({ state, cookie }: { state: string; cookie: string }, code = "c1") =>
  callback(`code=${code}&state=${state}`, `${STATE_COOKIE}=${cookie}`)

const callback = (query: string, cookie?: string) =>
  new Request(`${SITE}${CALLBACK_PATH}?${query}`, { headers: cookie ? { Cookie: cookie } : {} })

afterEach(() => jest.restoreAllMocks())

describe("/auth", () => {
  test("sends the pop-up to GitHub with the app's id, the site's callback, a fresh state and a PKCE challenge", async () => {
    const { response, location, state, cookie } = await started()
    expect(response.status).toBe(302)
    expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize")
    const [keptState, verifier] = cookie.split(".")
    expect(keptState).toBe(state)
    expect(verifier).toMatch(/^[\w-]{43}$/)
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: "client-id-1",
      redirect_uri: `${SITE}${CALLBACK_PATH}`,
      scope: "repo",
      state,
      code_challenge: await codeChallenge(verifier),
      code_challenge_method: "S256",
    })
    expect(location.search).not.toContain(verifier)
    expect(state).toMatch(/^[\w-]{43}$/)
    const again = await started()
    expect(again.state).not.toBe(state)
    expect(again.cookie.split(".")[1]).not.toBe(verifier)
    expect(response.headers.get("Set-Cookie")).toBe(
      `${STATE_COOKIE}=${cookie}; Path=${SIGN_IN_PATH}; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    )
    expect(response.headers.get("Cache-Control")).toBe("no-store")
  })

  test("computes the S256 challenge as RFC 7636 defines it: the verifier's SHA-256 in URL-safe base64", async () => {
    for (const verifier of ["a".repeat(43), "dBjftJeZ4CVP-mJ92K9qmqQXkb7W6rJN_tBLU9z7Gg"])
      expect(await codeChallenge(verifier)).toBe(createHash("sha256").update(verifier).digest("base64url"))
  })

  test("asks GitHub for no more than Decap's two scopes, and refuses another provider", async () => {
    expect((await started("provider=github&scope=admin:org")).location.searchParams.get("scope")).toBe("repo")
    expect((await started("provider=github&scope=public_repo")).location.searchParams.get("scope")).toBe("public_repo")
    expect((await startSignIn(signInRequest("provider=gitlab"), env)).status).toBe(400)
  })

  test("names each missing setting alone, and both when both are missing", async () => {
    const said = async (settings: SignInEnv) => {
      const response = await startSignIn(signInRequest(), settings)
      expect(response.status).toBe(500)
      expect(response.headers.get("Location")).toBeNull()
      return /<script[^>]*>[\s\S]*<\/script>/.exec(await response.text())?.[0] ?? ""
    }
    const noSecret = await said({ GITHUB_CLIENT_ID: "client-id-1" })
    expect(noSecret).toContain("GITHUB_CLIENT_SECRET is missing")
    expect(noSecret).not.toContain("GITHUB_CLIENT_ID")
    const noId = await said({ GITHUB_CLIENT_SECRET: "client-secret-1" })
    expect(noId).toContain("GITHUB_CLIENT_ID is missing")
    expect(noId).not.toContain("GITHUB_CLIENT_SECRET")
    expect(await said({})).toContain("GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are missing")
  })
})

describe("/auth/callback", () => {
  test("refuses a state it did not give out, without asking GitHub for a token", async () => {
    const fetchSpy = jest.spyOn(globalThis, "fetch")
    const { state, cookie } = await started()
    for (const request of [
      callback(`code=c1&state=${state}`),
      callback(`code=c1&state=${state}`, `${STATE_COOKIE}=someone-else`),
      callback("code=c1", `${STATE_COOKIE}=${cookie}`),
      // The state alone, as a cookie from before PKCE held it: no verifier, no token.
      callback(`code=c1&state=${state}`, `${STATE_COOKIE}=${state}`),
    ]) {
      const response = await finishSignIn(request, env)
      expect(response.status).toBe(403)
      expect(await response.text()).not.toContain("authorization:github:success")
    }
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  test("trades the code for a token with the secret and the verifier, and hands it over in a page whose script its policy names", async () => {
    const fetchSpy = jest
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ access_token: "gho_token1", token_type: "bearer", scope: "repo" }))
    const signIn = await started()
    const response = await finishSignIn(returned(signIn), env)
    expect(response.status).toBe(200)
    const [tokenUrl, init] = fetchSpy.mock.calls[0]
    expect(tokenUrl).toBe("https://github.com/login/oauth/access_token")
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      client_id: "client-id-1",
      client_secret: "client-secret-1",
      code: "c1",
      redirect_uri: `${SITE}${CALLBACK_PATH}`,
      code_verifier: signIn.cookie.split(".")[1],
    })
    const html = await response.text()
    expect(html).toContain(JSON.stringify(`authorization:github:success:{"token":"gho_token1","provider":"github"}`))
    expect(html).not.toContain("client-secret-1")
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1]
    expect(response.headers.get("Content-Security-Policy")).toContain(`script-src 'nonce-${nonce}'`)
    expect(response.headers.get("Set-Cookie")).toMatch(new RegExp(`^${STATE_COOKIE}=; Path=/auth; Max-Age=0;`))
  })

  test("says GitHub's refusal in words, and nothing it sends can close the page's script", async () => {
    jest
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ error: "bad_verification_code", error_description: "</script><b>x" }))
    const response = await finishSignIn(returned(await started(), "old"), env)
    expect(response.status).toBe(502)
    const html = await response.text()
    expect(html).toContain("GitHub did not sign you in (\\u003c/script>\\u003cb>x)")
    expect(html.match(/<\/script>/g)).toHaveLength(1)
  })

  test("a token endpoint out of reach or failing ends on the pop-up's page, with a sentence and an error for Decap", async () => {
    const errorOf = (html: string) => {
      const message = JSON.parse(/\(window, ("[^\n]*?"), \{/.exec(html)?.[1] ?? '""') as string
      expect(message).toMatch(/^authorization:github:error:/)
      return JSON.parse(message.slice("authorization:github:error:".length)).message as string
    }
    jest.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("fetch failed"))
    const unreachable = await finishSignIn(returned(await started()), env)
    expect(unreachable.status).toBe(502)
    expect(unreachable.headers.get("Content-Type")).toBe("text/html; charset=utf-8")
    expect(errorOf(await unreachable.text())).toBe(
      "GitHub could not be reached to finish the sign-in (TypeError: fetch failed). Close this window and press Login again.",
    )
    const timedOut = Object.assign(new Error("The operation timed out."), { name: "TimeoutError" })
    jest.spyOn(globalThis, "fetch").mockRejectedValueOnce(timedOut)
    expect(errorOf(await (await finishSignIn(returned(await started()), env)).text())).toContain("(no answer in time)")
    jest.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("<h1>Bad gateway</h1>", { status: 503 }))
    const failing = await finishSignIn(returned(await started()), env)
    expect(failing.status).toBe(502)
    expect(errorOf(await failing.text())).toBe(
      "GitHub did not sign you in (HTTP 503). Close this window and press Login again.",
    )
  })
})
