/*
 * The door of `npm run cms`'s local backend. decap-server writes any file of the checkout for whoever reaches
 * it and does not look at the Host header, so a web page the owner has open could reach it through DNS
 * rebinding (its own name made to point at 127.0.0.1) and write into data/. decap-server therefore listens on a
 * loopback port of its own, and this proxy answers on the backend's address: a request whose Host header names
 * another host than 127.0.0.1, localhost, [::1] or CMS_HOST gets 403 before anything reaches decap-server.
 * A plain script, for scripts/cms.mjs and its test.
 */
const http = require("node:http")
const { LOOPBACK } = require("./local-host.cjs")

/** The host names the backend answers to: the loopback names, and CMS_HOST when the owner named one. */
const allowedHostNames = host => new Set(["127.0.0.1", "localhost", "[::1]", host.includes(":") ? `[${host}]` : host])

/** The host name of a Host header ("localhost:8081" is "localhost"), or "" when it names none. */
function hostNameOf(header) {
  try {
    return header ? new URL(`http://${header}`).hostname : ""
  } catch {
    return ""
  }
}

/**
 * Listens on host:port and passes each request whose Host header is allowed to decap-server on the loopback's
 * `target` port, its answer back as it is. Resolves to the listening server.
 */
function guardHost({ host, port, target }) {
  const allowed = allowedHostNames(host)
  const server = http.createServer((request, response) => {
    const name = hostNameOf(request.headers.host)
    if (!allowed.has(name)) {
      request.resume()
      response.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" })
      response.end(
        `The content manager's backend answers only to ${[...allowed].join(", ")}; this request named "${name.slice(0, 100)}".`,
      )
      return
    }
    const forward = http.request(
      { host: LOOPBACK, port: target, method: request.method, path: request.url, headers: request.headers },
      answer => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    forward.on("error", error => {
      if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" })
      response.end(`decap-server did not answer: ${error.message}`)
    })
    request.pipe(forward)
  })
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => resolve(server))
  })
}

module.exports = { allowedHostNames, guardHost, hostNameOf }
