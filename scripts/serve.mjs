/*
 * Serves the built site (public/) the way the CDN does: clean URLs (/estimate → estimate/index.html),
 * the 404 page with status 404, compression, and the response headers written in public/_headers
 * (Netlify / Cloudflare Pages format). Used by `npm start`, the browser tests and the benchmark.
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import zlib from "node:zlib"
import { fileURLToPath } from "node:url"
import headersFormat from "./headers-file.cjs"

const { headersFor, parseHeadersFile } = headersFormat

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
  ".yml": "text/yaml; charset=utf-8",
  ".wasm": "application/wasm",
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/

function resolveFile(root, urlPath) {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "")
  const candidates = [clean, path.join(clean, "index.html"), `${clean}.html`]
  for (const candidate of candidates) {
    const full = path.join(root, candidate)
    if (!full.startsWith(root)) return null
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return full
  }
  return null
}

const ENCODINGS = [
  ["br", /\bbr\b/, body => zlib.brotliCompressSync(body)],
  ["gzip", /\bgzip\b/, body => zlib.gzipSync(body, { level: 9 })],
]

/**
 * Compresses each file once per encoding and keeps the result while the file is unchanged, as a CDN
 * does. Compressing on every request (Brotli's top quality takes a tenth of a second for the React
 * bundle) would take a core from the browser being measured, on a two-core machine.
 */
function compressionCache() {
  const cache = new Map()
  return function compressed(file, encoding, compress) {
    const { mtimeMs } = fs.statSync(file)
    const key = `${encoding}:${file}`
    const hit = cache.get(key)
    if (hit?.mtimeMs === mtimeMs) return hit.body
    const body = compress(fs.readFileSync(file))
    cache.set(key, { mtimeMs, body })
    return body
  }
}

function* filesUnder(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

/** Text worth compressing: small files would gain less than the encoding's overhead. */
const worthCompressing = file => COMPRESSIBLE.test(TYPES[path.extname(file)] ?? "") && fs.statSync(file).size > 512

/**
 * Serves root on host:port. With precompress, every compressible file is compressed before the server
 * answers, so that no compression runs while a benchmark measures a page.
 */
export function startServer({
  root = "public",
  port = 9000,
  host = "127.0.0.1",
  extraHeaders = {},
  precompress = false,
} = {}) {
  const absoluteRoot = path.resolve(root)
  const headersFile = path.join(absoluteRoot, "_headers")
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, "utf8")) : []
  const compressed = compressionCache()
  if (precompress)
    for (const file of filesUnder(absoluteRoot))
      if (worthCompressing(file)) for (const [encoding, , compress] of ENCODINGS) compressed(file, encoding, compress)

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${request.headers.host ?? host}`)
    if (url.pathname !== "/" && url.pathname.endsWith("/")) {
      response.writeHead(301, { Location: url.pathname.replace(/\/+$/, "") + url.search })
      response.end()
      return
    }
    let file = resolveFile(absoluteRoot, url.pathname)
    let status = 200
    if (!file) {
      file = path.join(absoluteRoot, "404.html")
      status = 404
    }
    const headers = headersFor(rules, url.pathname, {
      "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
      Vary: "Accept-Encoding",
    })
    for (const [name, value] of Object.entries(extraHeaders)) headers[name] = value(headers[name], url.pathname)

    const accepts = String(request.headers["accept-encoding"] ?? "")
    const encoding = ENCODINGS.find(([, accepted]) => accepted.test(accepts))
    let body
    if (encoding && worthCompressing(file)) {
      const [name, , compress] = encoding
      body = compressed(file, name, compress)
      headers["Content-Encoding"] = name
    } else body = fs.readFileSync(file)
    headers["Content-Length"] = body.length
    response.writeHead(status, headers)
    response.end(request.method === "HEAD" ? undefined : body)
  })

  return new Promise(resolve =>
    server.listen(port, host, () => {
      const address = server.address()
      resolve({ url: `http://${host}:${address.port}`, close: () => new Promise(done => server.close(done)) })
    }),
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 9000)
  startServer({ root: process.env.SITE_ROOT ?? "public", port }).then(({ url }) =>
    console.log(`Serving the built site at ${url}`),
  )
}
