/*
 * A fast stand-in for the host's static serving, for the browser tests that test the site's pages rather than
 * the host: plain node:http over public/ with the same semantics as Cloudflare Pages (scripts/serve.mjs runs the
 * real runtime, which the tests of the host itself keep):
 * - a folder's index.html at its path with the trailing slash; the path without it answers one 308 to it;
 * - an unknown path answers 404.html with status 404;
 * - public/_headers applies (every matching rule, a repeated header joined with a comma: headers-file.cjs);
 * - text is compressed (Brotli, else gzip), each file once while it is unchanged, as a CDN keeps it.
 * The runtime compresses each answer anew, which took a core from the browser under test: the same browser file
 * ran slower on it (docs/testing.md has the figures).
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import zlib from "node:zlib"
import headersFormat from "./headers-file.cjs"

const { headersFor, parseHeadersFile } = headersFormat

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".yml": "text/yaml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json",
}
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest)|image\/svg)/

const ENCODINGS = [
  ["br", /\bbr\b/, body => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })],
  ["gzip", /\bgzip\b/, body => zlib.gzipSync(body)],
]

const isFile = file => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false

/** The file a path names and the status to send it with, or a redirect to the path's served form. */
function resolve(root, pathname) {
  let decoded
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return { file: path.join(root, "404.html"), status: 404 }
  }
  const full = path.join(root, path.normalize(decoded))
  if (!full.startsWith(root)) return { file: path.join(root, "404.html"), status: 404 }
  if (decoded.endsWith("/")) {
    const index = path.join(full, "index.html")
    if (isFile(index)) return { file: index, status: 200 }
  } else if (isFile(full)) return { file: full, status: 200 }
  else if (isFile(path.join(full, "index.html"))) return { redirect: `${pathname}/` }
  return { file: path.join(root, "404.html"), status: 404 }
}

/**
 * Serves root on host:port (a free port when port is 0) and resolves once it listens, with the same
 * { url, close } as scripts/serve.mjs.
 */
export function startStaticServer({ root = "public", port = 0, host = "127.0.0.1" } = {}) {
  const absoluteRoot = path.resolve(root)
  const headersFile = path.join(absoluteRoot, "_headers")
  const rules = isFile(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, "utf8")) : []
  const compressed = new Map()

  function body(file, accepts) {
    const type = TYPES[path.extname(file)] ?? "application/octet-stream"
    const encoding = COMPRESSIBLE.test(type) ? ENCODINGS.find(([, accepted]) => accepted.test(accepts)) : undefined
    if (!encoding) return { type, data: fs.readFileSync(file) }
    const [name, , compress] = encoding
    const { mtimeMs } = fs.statSync(file)
    const key = `${name}:${file}`
    let hit = compressed.get(key)
    if (hit?.mtimeMs !== mtimeMs) {
      hit = { mtimeMs, data: compress(fs.readFileSync(file)) }
      compressed.set(key, hit)
    }
    return { type, data: hit.data, encoding: name }
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://${host}`)
    const found = resolve(absoluteRoot, url.pathname)
    if (found.redirect) {
      response.writeHead(308, { Location: found.redirect + url.search })
      response.end()
      return
    }
    const { type, data, encoding } = body(found.file, String(request.headers["accept-encoding"] ?? ""))
    const headers = headersFor(rules, url.pathname, { "Content-Type": type, Vary: "Accept-Encoding" })
    if (encoding) headers["Content-Encoding"] = encoding
    headers["Content-Length"] = data.length
    response.writeHead(found.status, headers)
    response.end(request.method === "HEAD" ? undefined : data)
  })

  return new Promise((done, fail) => {
    server.once("error", fail)
    server.listen(port, host, () => {
      const { port: chosen } = server.address()
      done({
        url: `http://${host}:${chosen}`,
        close: () =>
          new Promise(closed => {
            server.close(() => closed())
            // Chromium keeps its connections open; they would hold the close until they time out.
            server.closeAllConnections()
          }),
      })
    })
  })
}
