/*
 * `npm run bench -- --leads`: how quickly the owner's Leads API answers with 100,000 stored requests, beside the
 * same with 1,000, alternated request by request in one run (this machine's speed drifts through the day). Both
 * are the site's Worker under `wrangler dev` with its local D1 (the same SQLite Cloudflare runs), seeded with
 * `wrangler d1 execute`, and GitHub's answer to the owner check stood in for on this machine. Prints a markdown
 * table and writes it to bench/leads.md. A benchmark, not a test.
 *   npm run bench -- --leads               100,000 and 1,000 rows, 9 requests of each kind
 *   npm run bench -- --leads --rows=20000  another size
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import { startServer, writeWorkerConfig, applyMigrations } from "./serve.mjs"
import { option } from "./bench-options.mjs"

const large = Number(option("rows") ?? 100_000)
const small = 1_000
const runs = Number(option("runs") ?? 9)
const root = process.cwd()
const wrangler = path.join(root, "node_modules/wrangler/bin/wrangler.js")
const ALPHABET = "ACEFGHJKMNPRTUVWXY34679"

/** The reference of row `index`: six characters of the references' alphabet. */
const refOf = index =>
  Array.from(
    { length: 6 },
    (_, place) => ALPHABET[Math.floor(index / ALPHABET.length ** (5 - place)) % ALPHABET.length],
  ).join("")

/** SQL that stores `count` requests, one a minute back from now, a tenth called and a fiftieth a bot's. */
function seedSql(count) {
  const now = Date.now()
  const rows = Array.from({ length: count }, (_, index) => {
    const at = new Date(now - (count - index) * 60_000).toISOString()
    const called =
      index % 10 === 0 ? `'${new Date(now - (count - index) * 60_000 + 40 * 60_000).toISOString()}'` : "NULL"
    const spam = index % 50 === 0 ? "bot" : "empty"
    const page = ["/driveways/", "/patios/", "/locations/lehi/", "/estimate/", "/"][index % 5]
    return `('${refOf(index)}','${at}','${at}','Nov 1, 2026, 9:00 AM','Concrete','${page}','Visitor ${index}','(801) 555-0100','${spam}','sent',${called})`
  })
  const statements = []
  for (let at = 0; at < rows.length; at += 500)
    statements.push(
      `INSERT INTO leads (ref, received_at, updated_at, sent_at, page_title, page_path, name, phone, spam, email, called_at) VALUES ${rows.slice(at, at + 500).join(",")};`,
    )
  return statements.join("\n")
}

/** GitHub's answer to the owner check: the token may push. */
async function standInGitHub() {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" })
    response.end(JSON.stringify({ permissions: { push: true } }))
  })
  await new Promise(resolve => server.listen(0, "127.0.0.1", resolve))
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }
}

/** A Worker with its own local D1 holding `count` requests. */
async function seededSite(count, bindings) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), `bench-leads-${count}-`))
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "bench-leads-site-"))
  fs.writeFileSync(path.join(site, "index.html"), '<!DOCTYPE html><html lang="en"><title>Leads</title></html>')
  const config = writeWorkerConfig(state, { root: site, bindings })
  applyMigrations(state, config)
  const file = path.join(state, "seed.sql")
  fs.writeFileSync(file, seedSql(count))
  const started = Date.now()
  const seeded = spawnSync(
    process.execPath,
    [
      wrangler,
      "d1",
      "execute",
      "estimate-inbox",
      "--local",
      `--persist-to=${state}`,
      `--config=${config}`,
      `--file=${file}`,
      "--yes",
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" } },
  )
  if (seeded.status !== 0) throw new Error(`Seeding ${count} rows failed: ${seeded.stdout}${seeded.stderr}`)
  console.log(`${count} rows stored in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return startServer({ root: site, port: 0, state, bindings })
}

const timed = async url => {
  const started = performance.now()
  const response = await fetch(url, { headers: { Authorization: "Bearer owner" } })
  const body = await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url}: ${response.status} ${new TextDecoder().decode(body)}`)
  return { ms: performance.now() - started, bytes: body.byteLength, body }
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const gitHub = await standInGitHub()
const bindings = { GITHUB_REPO: "owner/site", GITHUB_API_URL: gitHub.url, LEADS_RETENTION_MONTHS: "120" }
const sites = { [small]: await seededSite(small, bindings), [large]: await seededSite(large, bindings) }
const kinds = {
  "first page (50 and the counts)": () => "/api/leads",
  "an older page (?before=)": next => `/api/leads?before=${encodeURIComponent(next)}`,
  "one request (?ref=)": () => `/api/leads?ref=${refOf(7)}`,
  "CSV of every request": () => "/api/leads?format=csv",
}
const results = {}
try {
  const next = {}
  for (const count of [small, large]) {
    const first = JSON.parse(new TextDecoder().decode((await timed(`${sites[count].url}/api/leads`)).body))
    if (first.counts.total !== count) throw new Error(`Expected ${count} rows, the API counts ${first.counts.total}`)
    next[count] = first.next
  }
  for (const [kind, pathOf] of Object.entries(kinds)) {
    results[kind] = { [small]: [], [large]: [], bytes: {} }
    const times = kind.startsWith("CSV") ? Math.min(runs, 3) : runs
    // Alternated: the two sizes meet the machine in the same state.
    for (let run = 0; run < times; run++)
      for (const count of [small, large]) {
        const { ms, bytes } = await timed(`${sites[count].url}${pathOf(next[count])}`)
        results[kind][count].push(ms)
        results[kind].bytes[count] = bytes
      }
  }
} finally {
  await Promise.all(Object.values(sites).map(site => site.close()))
  gitHub.close()
}

const kb = bytes => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KiB`
const lines = [
  `Leads API on the Worker's local runtime (\`wrangler dev\`, local D1), ${new Date().toISOString().slice(0, 16)} UTC, load ${os.loadavg()[0].toFixed(2)}; median of ${runs} alternated requests (CSV: ${Math.min(runs, 3)}).`,
  "",
  `| request | ${small.toLocaleString("en-US")} rows | ${large.toLocaleString("en-US")} rows | ratio | answer at ${large.toLocaleString("en-US")} |`,
  "| --- | --- | --- | --- | --- |",
  ...Object.entries(results).map(([kind, result]) => {
    const [a, b] = [median(result[small]), median(result[large])]
    return `| ${kind} | ${a.toFixed(0)} ms | ${b.toFixed(0)} ms | ${(b / a).toFixed(1)}× | ${kb(result.bytes[large])} |`
  }),
]
console.log(`\n${lines.join("\n")}\n`)
fs.mkdirSync(path.join(root, "bench"), { recursive: true })
fs.writeFileSync(path.join(root, "bench", "leads.md"), `${lines.join("\n")}\n`)
