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
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/

/** Parses a _headers file into [{ pattern: RegExp, headers: [name, value][] }]. */
export function parseHeadersFile(source) {
  const rules = []
  for (const line of source.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue
    if (!/^\s/.test(line)) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, ".*")
          .replace(/:\w+/g, "[^/]+")}$`,
      )
      rules.push({ pattern, headers: [] })
    } else if (rules.length > 0) {
      const index = line.indexOf(":")
      rules[rules.length - 1].headers.push([line.slice(0, index).trim(), line.slice(index + 1).trim()])
    }
  }
  return rules
}

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

export function startServer({ root = "public", port = 9000, host = "127.0.0.1", extraHeaders = {} } = {}) {
  const absoluteRoot = path.resolve(root)
  const headersFile = path.join(absoluteRoot, "_headers")
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, "utf8")) : []

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
    const headers = { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream", Vary: "Accept-Encoding" }
    // As on Netlify and Cloudflare Pages, every matching rule applies and a repeated header joins with a comma.
    for (const rule of rules)
      if (rule.pattern.test(url.pathname))
        for (const [name, value] of rule.headers) headers[name] = name in headers ? `${headers[name]}, ${value}` : value
    for (const [name, value] of Object.entries(extraHeaders)) headers[name] = value(headers[name], url.pathname)

    let body = fs.readFileSync(file)
    const accepts = String(request.headers["accept-encoding"] ?? "")
    if (COMPRESSIBLE.test(headers["Content-Type"]) && body.length > 512) {
      if (/\bbr\b/.test(accepts)) {
        body = zlib.brotliCompressSync(body)
        headers["Content-Encoding"] = "br"
      } else if (/\bgzip\b/.test(accepts)) {
        body = zlib.gzipSync(body, { level: 9 })
        headers["Content-Encoding"] = "gzip"
      }
    }
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
