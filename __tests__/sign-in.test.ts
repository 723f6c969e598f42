/**
 * @jest-environment node
 */
/*
 * The content manager's sign-in on Cloudflare Pages (src/lib/sign-in/github-oauth.ts), as its two Functions
 * answer requests: where /auth sends the pop-up, and what /auth/callback does with a state it did or did not
 * give out. The pop-up's handshake in a real browser, under the host's runtime, is __tests__/browser/sign-in.test.ts.
 */
import {
  CALLBACK_PATH,
  finishSignIn,
  SIGN_IN_PATH,
  startSignIn,
  STATE_COOKIE,
  type SignInEnv,
} from "../src/lib/sign-in/github-oauth"

const SITE = "https://www.concrete.example"
const env: SignInEnv = { GITHUB_CLIENT_ID: "client-id-1", GITHUB_CLIENT_SECRET: "client-secret-1" }

const signInRequest = (query = "provider=github&site_id=www.concrete.example&scope=repo") =>
  new Request(`${SITE}${SIGN_IN_PATH}?${query}`)

function started(query?: string) {
  const response = startSignIn(signInRequest(query), env)
  const location = new URL(response.headers.get("Location") ?? "")
  return { response, location, state: location.searchParams.get("state") ?? "" }
}

const callback = (query: string, cookie?: string) =>
  new Request(`${SITE}${CALLBACK_PATH}?${query}`, { headers: cookie ? { Cookie: cookie } : {} })

afterEach(() => jest.restoreAllMocks())

describe("/auth", () => {
  test("sends the pop-up to GitHub with the app's id, the site's callback and a fresh state kept in a cookie", () => {
    const { response, location, state } = started()
    expect(response.status).toBe(302)
    expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize")
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: "client-id-1",
      redirect_uri: `${SITE}${CALLBACK_PATH}`,
      scope: "repo",
      state,
    })
    expect(state).toMatch(/^[\w-]{43}$/)
    expect(started().state).not.toBe(state)
    expect(response.headers.get("Set-Cookie")).toBe(
      `${STATE_COOKIE}=${state}; Path=${SIGN_IN_PATH}; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    )
    expect(response.headers.get("Cache-Control")).toBe("no-store")
  })

  test("asks GitHub for no more than Decap's two scopes, and refuses another provider or a missing secret", () => {
    expect(started("provider=github&scope=admin:org").location.searchParams.get("scope")).toBe("repo")
    expect(started("provider=github&scope=public_repo").location.searchParams.get("scope")).toBe("public_repo")
    expect(startSignIn(signInRequest("provider=gitlab"), env).status).toBe(400)
    const unset = startSignIn(signInRequest(), { GITHUB_CLIENT_ID: "client-id-1" })
    expect(unset.status).toBe(500)
    expect(unset.headers.get("Location")).toBeNull()
  })
})

describe("/auth/callback", () => {
  test("refuses a state it did not give out, without asking GitHub for a token", async () => {
    const fetchSpy = jest.spyOn(globalThis, "fetch")
    const { state } = started()
    for (const request of [
      callback(`code=c1&state=${state}`),
      callback(`code=c1&state=${state}`, `${STATE_COOKIE}=someone-else`),
      callback("code=c1", `${STATE_COOKIE}=${state}`),
    ]) {
      const response = await finishSignIn(request, env)
      expect(response.status).toBe(403)
      expect(await response.text()).not.toContain("authorization:github:success")
    }
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  test("trades the code for a token with the secret, and hands it over in a page whose script its policy names", async () => {
    const fetchSpy = jest
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ access_token: "gho_token1", token_type: "bearer", scope: "repo" }))
    const { state } = started()
    const response = await finishSignIn(callback(`code=c1&state=${state}`, `${STATE_COOKIE}=${state}`), env)
    expect(response.status).toBe(200)
    const [tokenUrl, init] = fetchSpy.mock.calls[0]
    expect(tokenUrl).toBe("https://github.com/login/oauth/access_token")
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      client_id: "client-id-1",
      client_secret: "client-secret-1",
      code: "c1",
      redirect_uri: `${SITE}${CALLBACK_PATH}`,
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
    const { state } = started()
    const response = await finishSignIn(callback(`code=old&state=${state}`, `${STATE_COOKIE}=${state}`), env)
    expect(response.status).toBe(502)
    const html = await response.text()
    expect(html).toContain("GitHub did not sign you in (\\u003c/script>\\u003cb>x)")
    expect(html.match(/<\/script>/g)).toHaveLength(1)
  })
})
