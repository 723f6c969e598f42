#!/usr/bin/env node
/**
 * A local stand-in for the EmailJS send API, so the estimate form works on a fresh machine without an
 * account. It accepts POST /api/v1.0/email/send as @emailjs/browser sends it (a JSON body with lib_version,
 * user_id, service_id, template_id and template_params), checks the body the way the service does, and
 * appends each accepted request as one JSON line to a file, with the time it arrived (received_at), and
 * prints its message as the business's mailbox would show it.
 *
 *   node scripts/emailjs-stand-in.mjs
 *   STAND_IN_PORT (8788), STAND_IN_HOST (127.0.0.1), STAND_IN_FILE (.emailjs-stand-in/estimates.jsonl),
 *   STAND_IN_MODE: ok | error (answers 500) | busy (answers 429, as EmailJS's rate limit) | unlinked (answers 412,
 *   as EmailJS when the e-mail account's link to it has lapsed) | delay (answers after STAND_IN_DELAY_MS, default
 *   20000; a request whose browser leaves before the answer is not stored, as a service that had not accepted
 *   it yet) | quota (answers 426, the status the site reads as the account's monthly quota used up),
 *   STAND_IN_ORIGINS: comma-separated site origins allowed by CORS (default: any origin that asks).
 *
 * The mode can also be changed while running, e.g. by browser tests: POST /__stand-in/mode?mode=error; a send
 * can ask for its own with ?mode=…, and for its own delay with &delay=<ms>. GET /__stand-in/held answers how many
 * requests it holds back in delay mode, so that a test can count what arrived once nothing more can.
 * A request with an X-Stand-In-Session header (letters, digits, - and _) belongs to that session: its own mode,
 * its own held requests and its own file, `<session>.jsonl` beside STAND_IN_FILE. The browser tests run one
 * stand-in for the whole run and give each test file a session (every request of its pages carries the header),
 * so files side by side never see each other's sends or modes.
 * No dependencies: plain node:http.
 */
import { appendFile, mkdir } from "node:fs/promises"
import http from "node:http"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const SEND_PATH = "/api/v1.0/email/send"
export const MODES = ["ok", "error", "busy", "unlinked", "delay", "quota"]
/** The header that names a request's session (lower case, as node:http gives headers). */
export const SESSION_HEADER = "x-stand-in-session"
const SESSION_NAME = /^[\w-]{1,80}$/
const MAX_BODY_BYTES = 50 * 1024 // EmailJS limits a request to 50 KB

const requiredIds = ["user_id", "service_id", "template_id"]

/** Why EmailJS would refuse this body, or null when it would accept it. */
export function checkSendBody(body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "The request body must be a JSON object"
  const missing = requiredIds.filter(key => typeof body[key] !== "string" || body[key].trim() === "")
  if (missing.length > 0) {
    return `The ${missing.join(", ")} parameter${missing.length > 1 ? "s are" : " is"} required`
  }
  const params = body.template_params
  if (params !== undefined && (params === null || typeof params !== "object" || Array.isArray(params))) {
    return "The template_params parameter must be an object"
  }
  return null
}

const readBody = request =>
  new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    // An oversized body is read to the end and dropped, so the client still gets its 413 answer.
    request.on("data", chunk => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    request.on("end", () => {
      if (size > MAX_BODY_BYTES) reject(Object.assign(new Error("The request body is too large"), { status: 413 }))
      else resolve(Buffer.concat(chunks).toString("utf8"))
    })
    request.on("error", reject)
  })

/**
 * Starts the stand-in. Resolves to { url, file, setMode, close }; port 0 picks a free port.
 * @param {{ port?: number, host?: string, file?: string, mode?: string, delayMs?: number, origins?: string[], log?: (line: string) => void }} [options]
 */
export function startStandIn({
  port = 8788,
  host = "127.0.0.1",
  file = ".emailjs-stand-in/estimates.jsonl",
  mode = "ok",
  delayMs = 20000,
  origins = [],
  log = () => {},
} = {}) {
  if (!MODES.includes(mode)) throw new Error(`Unknown stand-in mode "${mode}": use ${MODES.join(", ")}`)
  const standInFile = path.resolve(file)
  /** Each session's mode, requests held back and file; "" is the session of requests without the header. */
  const sessions = new Map()
  const sessionNamed = name => {
    if (!sessions.has(name))
      sessions.set(name, {
        mode,
        timers: new Set(),
        file: name ? path.join(path.dirname(standInFile), `${name}.jsonl`) : standInFile,
      })
    return sessions.get(name)
  }

  const allowedOrigin = request => {
    const origin = request.headers.origin
    if (!origin) return null
    return origins.length === 0 || origins.includes(origin) ? origin : null
  }

  const answer = (request, response, status, text, headers = {}) => {
    const origin = allowedOrigin(request)
    response.writeHead(status, {
      "Content-Type": "text/plain; charset=utf-8",
      Vary: "Origin",
      ...(origin ? { "Access-Control-Allow-Origin": origin } : {}),
      ...headers,
    })
    response.end(text)
  }

  const preflight = (request, response) => {
    if (!allowedOrigin(request)) return answer(request, response, 403, "Origin not allowed")
    answer(request, response, 204, "", {
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": request.headers["access-control-request-headers"] || "Content-Type",
      "Access-Control-Max-Age": "600",
      // Chrome asks before a public page may call a server on the visitor's own machine.
      ...(request.headers["access-control-request-private-network"] === "true"
        ? { "Access-Control-Allow-Private-Network": "true" }
        : {}),
    })
  }

  const receive = async (request, response, session, requestMode, requestDelay) => {
    let body
    try {
      body = JSON.parse(await readBody(request))
    } catch (error) {
      return answer(
        request,
        response,
        error.status ?? 400,
        error.status ? error.message : "The request body is not valid JSON",
      )
    }
    const problem = checkSendBody(body)
    if (problem) return answer(request, response, 400, problem)
    if (requestMode === "error")
      return answer(request, response, 500, "The EmailJS stand-in is set to fail (STAND_IN_MODE=error)")
    // EmailJS's own words for these answers.
    if (requestMode === "busy") return answer(request, response, 429, "Too Many Requests")
    if (requestMode === "quota")
      return answer(request, response, 426, "The account's quota is used up (STAND_IN_MODE=quota)")
    if (requestMode === "unlinked")
      return answer(request, response, 412, "Gmail_API: Invalid grant. Please reconnect your Gmail account")

    const accept = async () => {
      await mkdir(path.dirname(session.file), { recursive: true })
      const receivedAt = new Date()
      await appendFile(session.file, `${JSON.stringify({ received_at: receivedAt.toISOString(), ...body })}\n`)
      const params = body.template_params ?? {}
      log(
        `emailjs-stand-in: estimate request from ${params.from_name ?? "?"} (${params.phone_number ?? "?"}), ` +
          `received ${receivedAt.toLocaleString()} -> ${session.file}`,
      )
      if (typeof params.message === "string") log(params.message.replace(/^/gm, "  | "))
      answer(request, response, 200, "OK")
    }
    if (requestMode !== "delay") return accept()
    const { timers } = session
    const timer = setTimeout(() => {
      timers.delete(timer)
      accept().catch(error => answer(request, response, 500, String(error)))
    }, requestDelay)
    timers.add(timer)
    // The browser left (a closed tab) before the answer: the request was never accepted, so it is not stored.
    response.once("close", () => {
      if (response.writableFinished || !timers.has(timer)) return
      clearTimeout(timer)
      timers.delete(timer)
      log(`emailjs-stand-in: a held request was abandoned by its browser before the answer, not stored`)
    })
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in.local")
    const queryMode = url.searchParams.get("mode")
    // A preflight names the headers to come, not their values: it belongs to no session.
    if (url.pathname === SEND_PATH && request.method === "OPTIONS") return preflight(request, response)
    const name = request.headers[SESSION_HEADER] ?? ""
    if (name && !SESSION_NAME.test(name))
      return answer(request, response, 400, `${SESSION_HEADER} must be 1 to 80 letters, digits, - or _`)
    const session = sessionNamed(name)

    if (url.pathname === "/__stand-in/mode" && request.method === "POST") {
      if (!MODES.includes(queryMode)) return answer(request, response, 400, `mode must be one of ${MODES.join(", ")}`)
      session.mode = queryMode
      return answer(request, response, 200, session.mode)
    }
    if (url.pathname === "/__stand-in/held" && request.method === "GET")
      return answer(request, response, 200, String(session.timers.size))
    if (url.pathname !== SEND_PATH) return answer(request, response, 404, "Not found")
    if (request.method !== "POST")
      return answer(request, response, 405, "Method not allowed", { Allow: "POST, OPTIONS" })

    const requestMode = MODES.includes(queryMode) ? queryMode : session.mode
    const requestDelay = Number(url.searchParams.get("delay")) || delayMs
    receive(request, response, session, requestMode, requestDelay).catch(error => {
      log(`emailjs-stand-in: ${error.stack ?? error}`)
      if (!response.headersSent) answer(request, response, 500, "The EmailJS stand-in could not store the request")
    })
  })

  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      const address = server.address()
      const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`
      resolve({
        url,
        file: standInFile,
        setMode: next => {
          if (!MODES.includes(next)) throw new Error(`Unknown stand-in mode "${next}"`)
          sessionNamed("").mode = next
        },
        close: () =>
          new Promise(done => {
            for (const { timers } of sessions.values()) {
              for (const timer of timers) clearTimeout(timer)
              timers.clear()
            }
            server.close(() => done())
            // Delayed answers keep connections open; close must not wait 20 s for them.
            server.closeAllConnections()
          }),
      })
    })
  })
}

const runAsCli = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)

if (runAsCli) {
  const env = process.env
  const standIn = await startStandIn({
    port: Number(env.STAND_IN_PORT || 8788),
    host: env.STAND_IN_HOST || "127.0.0.1",
    file: env.STAND_IN_FILE || ".emailjs-stand-in/estimates.jsonl",
    mode: env.STAND_IN_MODE || "ok",
    delayMs: Number(env.STAND_IN_DELAY_MS || 20000),
    origins: (env.STAND_IN_ORIGINS ?? "")
      .split(",")
      .map(origin => origin.trim())
      .filter(Boolean),
    log: line => console.log(line),
  }).catch(error => {
    console.error(`emailjs-stand-in: ${error.message}`)
    process.exit(1)
  })
  console.log(
    `emailjs-stand-in: listening on ${standIn.url} (mode ${env.STAND_IN_MODE || "ok"}), writing to ${standIn.file}`,
  )
  console.log(
    `emailjs-stand-in: build the site with GATSBY_EMAILJS_ORIGIN=${standIn.url} and any EmailJS ids to send estimates here`,
  )
  const stop = () => standIn.close().then(() => process.exit(0))
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}
