/*
 * What the inbox's tests share: a site served by scripts/serve.mjs (`wrangler dev`) with the inbox's local
 * D1 in a state folder of the test's own (a real SQLite file, migrations/ applied by wrangler's D1 command), a
 * stand-in for GitHub's API that knows two tokens (one that can push to the repository, one that cannot), and
 * the owner's list as the Leads view reads it.
 */
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { LEADS_PATH, type LeadsAnswer } from "../../src/lib/estimate/inbox-contract"
import { serveSite, type ServedSite } from "./support"

export const REPO = "stand-in-owner/stand-in-site"
export const OWNER_TOKEN = "gho_can_push"
const READER_TOKEN = "gho_cannot_push"

export interface InboxSite extends ServedSite {
  state: string
  github: string
}

/** GitHub's GET /repos/<owner>/<name>, as it answers each of the two tokens and any other. */
async function startStandInGitHub(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1]
    const known = token === OWNER_TOKEN || token === READER_TOKEN
    if (!known) return response.writeHead(401).end(JSON.stringify({ message: "Bad credentials" }))
    if (request.url !== `/repos/${REPO}`) return response.writeHead(404).end(JSON.stringify({ message: "Not Found" }))
    response.writeHead(200, { "Content-Type": "application/json" })
    response.end(JSON.stringify({ full_name: REPO, permissions: { pull: true, push: token === OWNER_TOKEN } }))
  })
  await new Promise<void>(resolve => server.listen(0, "127.0.0.1", resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  }
}

/**
 * Serves `root` with the inbox. `state` keeps the database between two servers (a restart); `bindings` add
 * to the host's settings.
 */
export async function serveWithInbox(
  root: string,
  { state = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-state-")), bindings = {} } = {},
): Promise<InboxSite> {
  const github = await startStandInGitHub()
  const site = await serveSite(root, {
    inbox: true,
    state,
    bindings: { GITHUB_REPO: REPO, GITHUB_API_URL: github.origin, ...bindings },
  })
  return {
    ...site,
    state,
    github: github.origin,
    close: async () => {
      await site.close()
      await github.close()
    },
  }
}

/** The owner's list, as the Leads view reads it. */
export async function listLeads(site: ServedSite): Promise<LeadsAnswer> {
  const response = await fetch(`${site.url}${LEADS_PATH}`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}` } })
  expect(response.status).toBe(200)
  return (await response.json()) as LeadsAnswer
}

/** A visitor's request in the owner's list once it is there and `done` holds, or as it is when `timeout` ends. */
export async function leadOf(
  site: ServedSite,
  name: string,
  done: (email: string | undefined) => boolean,
  timeout: number,
): Promise<LeadsAnswer["leads"][number] | undefined> {
  const end = Date.now() + timeout
  for (;;) {
    const row = (await listLeads(site)).leads.find(lead => lead.name === name)
    if ((row && done(row.email)) || Date.now() > end) return row
    await new Promise(resolve => setTimeout(resolve, 200))
  }
}
