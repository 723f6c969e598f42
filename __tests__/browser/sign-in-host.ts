/*
 * What the sign-in's browser test runs: the site's Worker under its own runtime
 * (`wrangler dev`, offline, as scripts/serve.mjs runs it) over the built /admin/, and a stand-in for GitHub's two OAuth endpoints on
 * another port, which approves every sign-in at once and issues a token only for the code it gave out, to
 * the app's id and secret, with the verifier whose S256 challenge came with the code (PKCE). Told to, its token
 * endpoint drops the connection instead, as an endpoint out of reach does, or answers as a GitHub App's does,
 * with a token that ends. The same server also serves a page
 * of its own origin: a site other than ours.
 */
import { createHash } from "node:crypto"
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { cmsConfig } from "../../src/build-time/cms/config"
import { siteRoot } from "../support/site"
import { freePort, serveSite, type ServedSite } from "./support"

export const CLIENT_ID = "stand-in-client-id"
export const CLIENT_SECRET = "stand-in-client-secret"

export interface StandInGitHub {
  origin: string
  /** Every token the token endpoint has issued, in order. */
  tokens: string[]
  /** Requests the token endpoint refused, with why. */
  refused: string[]
  /** While true, the token endpoint closes each connection without an answer. */
  unreachable: boolean
  /** Set, the token endpoint answers as a GitHub App's does: a token that ends after this many seconds. */
  expiresIn: number | null
  close: () => Promise<void>
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>(resolve => {
    let body = ""
    request.on("data", chunk => (body += chunk))
    request.on("end", () => resolve(body))
  })

export async function startStandInGitHub(): Promise<StandInGitHub> {
  const codes = new Map<string, { redirect: string; challenge: string | null; method: string | null }>()
  const tokens: string[] = []
  const refused: string[] = []
  const standIn = { unreachable: false, expiresIn: null as number | null }
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in")
    if (url.pathname === "/login/oauth/authorize") {
      const redirect = url.searchParams.get("redirect_uri") ?? ""
      const code = `code-${codes.size + 1}`
      const [challenge, method] = ["code_challenge", "code_challenge_method"].map(key => url.searchParams.get(key))
      codes.set(code, { redirect, challenge, method })
      const back = new URL(redirect)
      back.searchParams.set("code", code)
      back.searchParams.set("state", url.searchParams.get("state") ?? "")
      response.writeHead(url.searchParams.get("client_id") === CLIENT_ID ? 302 : 404, { Location: back.href })
      return response.end()
    }
    if (url.pathname === "/login/oauth/access_token" && request.method === "POST") {
      if (standIn.unreachable) return request.socket.destroy()
      const form = new URLSearchParams(await readBody(request))
      const code = form.get("code") ?? ""
      const given = codes.get(code)
      const verified = createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest("base64url")
      const problem =
        form.get("client_id") !== CLIENT_ID || form.get("client_secret") !== CLIENT_SECRET
          ? "wrong client"
          : given?.redirect !== form.get("redirect_uri")
            ? "unknown code"
            : given?.method !== "S256" || given.challenge !== verified
              ? "verifier does not match the challenge"
              : undefined
      codes.delete(code)
      response.writeHead(200, { "Content-Type": "application/json" })
      if (problem) {
        refused.push(problem)
        return response.end(JSON.stringify({ error: "bad_verification_code" }))
      }
      const token = `gho_standin${tokens.length + 1}`
      tokens.push(token)
      const app = standIn.expiresIn
        ? { expires_in: standIn.expiresIn, refresh_token: `ghr_standin${tokens.length}`, scope: "" }
        : { scope: "repo" }
      return response.end(JSON.stringify({ access_token: token, token_type: "bearer", ...app }))
    }
    if (url.pathname === "/elsewhere/") {
      response.writeHead(200, { "Content-Type": "text/html" })
      return response.end('<!DOCTYPE html><html lang="en"><title>Another site</title><h1>Another site</h1></html>')
    }
    response.writeHead(404).end()
  })
  await new Promise<void>(resolve => server.listen(0, "127.0.0.1", resolve))
  return Object.assign(standIn, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokens,
    refused,
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  })
}

/**
 * A copy of the built /admin/ and _headers whose configuration signs in at `origin`, the address wrangler will
 * serve, as the build does for the site's own address; without the local backend, which would take over on
 * 127.0.0.1 whenever another test's decap-server is running.
 */
function siteFolder(origin: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sign-in-site-"))
  fs.cpSync(path.join(siteRoot, "admin"), path.join(folder, "admin"), { recursive: true })
  fs.copyFileSync(path.join(siteRoot, "_headers"), path.join(folder, "_headers"))
  const config: Record<string, unknown> = cmsConfig({ CF_PAGES: "1" }, origin)
  delete config.local_backend
  fs.writeFileSync(path.join(folder, "admin", "config.yml"), JSON.stringify(config, null, 2))
  return folder
}

/**
 * Serves a copy of /admin/ with the site's server (scripts/serve.mjs: `wrangler dev`, which runs the
 * repository's worker/), the GitHub app's id and secret and the stand-in's addresses as the host's settings.
 */
export async function startWorkerDev(gitHub: StandInGitHub): Promise<ServedSite> {
  const port = await freePort()
  const folder = siteFolder(`http://127.0.0.1:${port}`)
  const site = await serveSite(folder, {
    port,
    bindings: {
      GITHUB_CLIENT_ID: CLIENT_ID,
      GITHUB_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_AUTHORIZE_URL: `${gitHub.origin}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${gitHub.origin}/login/oauth/access_token`,
    },
  })
  return {
    url: site.url,
    close: async () => {
      await site.close()
      fs.rmSync(folder, { recursive: true, force: true })
    },
  }
}
