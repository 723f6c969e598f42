/**
 * @jest-environment node
 */
// The stand-in is an ES module run by plain Node; jest here only transforms .ts/.js, so each test starts
// the real CLI in a child process on a free port and talks to it over HTTP, as the site would.
import { spawn, type ChildProcess } from "child_process"
import { mkdtempSync, readFileSync, existsSync } from "fs"
import os from "os"
import path from "path"

const script = path.resolve(__dirname, "../scripts/emailjs-stand-in.mjs")
const site = "http://localhost:9000"
const wireBody = {
  lib_version: "4.4.1",
  user_id: "public-key",
  service_id: "service_estimates",
  template_id: "template_estimate",
  template_params: {
    to_name: "Wasatch Concrete Co.",
    from_name: "Jane Doe",
    phone_number: "801-555-0100",
    message: "New estimate request from Jane Doe, phone 801-555-0100.",
  },
}

interface StandIn {
  url: string
  file: string
  child: ChildProcess
}

const running: ChildProcess[] = []

function startStandIn(env: Record<string, string> = {}): Promise<StandIn> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "emailjs-stand-in-")), "estimates.jsonl")
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, STAND_IN_PORT: "0", STAND_IN_FILE: file, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  running.push(child)
  return new Promise((resolve, reject) => {
    let output = ""
    child.stdout!.on("data", chunk => {
      output += chunk
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (url) resolve({ url, file, child })
    })
    child.stderr!.on("data", chunk => (output += chunk))
    child.on("exit", code => reject(new Error(`the stand-in exited with ${code}: ${output}`)))
  })
}

interface Sending {
  /** Sets the stand-in's mode for this request. */
  query?: string
  /** Lets the sender abandon the request. */
  signal?: AbortSignal
  /** The X-Stand-In-Session the request carries. */
  session?: string
}

/** Posts as the site's form does. */
const post = (standIn: StandIn, body: unknown, { query = "", signal, session }: Sending = {}) =>
  fetch(`${standIn.url}/api/v1.0/email/send${query}`, {
    method: "POST",
    headers: {
      "Content-type": "application/json",
      Origin: site,
      ...(session ? { "X-Stand-In-Session": session } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal,
  })

/** The lines stored in the stand-in's file, or in a session's file beside it. */
const lines = (standIn: StandIn, session?: string) => {
  const file = session ? path.join(path.dirname(standIn.file), `${session}.jsonl`) : standIn.file
  return existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : []
}

afterEach(() => {
  for (const child of running.splice(0)) child.kill()
})

describe("EmailJS stand-in", () => {
  it("accepts an EmailJS send, answers 200 OK and appends it as one JSON line", async () => {
    const standIn = await startStandIn()
    const first = await post(standIn, wireBody)
    expect(first.status).toBe(200)
    expect(await first.text()).toBe("OK")
    expect(first.headers.get("access-control-allow-origin")).toBe(site)

    await post(standIn, { ...wireBody, template_params: { ...wireBody.template_params, from_name: "Bob" } })
    const stored = lines(standIn).map(line => JSON.parse(line))
    expect(stored).toEqual([
      { received_at: expect.any(String), ...wireBody },
      expect.objectContaining({ template_id: "template_estimate" }),
    ])
    // The time the request arrived, as an ISO date within the last minute.
    const receivedAt = Date.parse(stored[0].received_at)
    expect(Date.now() - receivedAt).toBeGreaterThanOrEqual(0)
    expect(Date.now() - receivedAt).toBeLessThan(60_000)
    expect(stored[1].template_params.from_name).toBe("Bob")
  })

  it("answers 400 naming the missing ids and stores nothing", async () => {
    const standIn = await startStandIn()
    const { user_id: _user, template_id: _template, ...partial } = wireBody
    const response = await post(standIn, partial)
    expect(response.status).toBe(400)
    const message = await response.text()
    expect(message).toContain("user_id")
    expect(message).toContain("template_id")
    expect(message).not.toContain("service_id")
    expect(lines(standIn)).toEqual([])
  })

  it("refuses template params that are not an object, and bodies that are not JSON", async () => {
    const standIn = await startStandIn()
    const notObject = await post(standIn, { ...wireBody, template_params: "hello" })
    expect(notObject.status).toBe(400)
    expect(await notObject.text()).toContain("template_params")
    expect((await post(standIn, "{oops")).status).toBe(400)
    expect(lines(standIn)).toEqual([])
  })

  it("answers the CORS preflight for the site's origin", async () => {
    const standIn = await startStandIn()
    const response = await fetch(`${standIn.url}/api/v1.0/email/send`, {
      method: "OPTIONS",
      headers: {
        Origin: site,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get("access-control-allow-origin")).toBe(site)
    expect(response.headers.get("access-control-allow-methods")).toContain("POST")
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type")
  })

  it("refuses origins outside STAND_IN_ORIGINS when the list is set", async () => {
    const standIn = await startStandIn({ STAND_IN_ORIGINS: "http://localhost:8000" })
    const response = await fetch(`${standIn.url}/api/v1.0/email/send`, {
      method: "OPTIONS",
      headers: { Origin: site, "Access-Control-Request-Method": "POST" },
    })
    expect(response.status).toBe(403)
    expect(response.headers.get("access-control-allow-origin")).toBeNull()
  })

  it("answers 500 in error mode and stores nothing", async () => {
    const standIn = await startStandIn({ STAND_IN_MODE: "error" })
    const response = await post(standIn, wireBody)
    expect(response.status).toBe(500)
    expect(response.headers.get("access-control-allow-origin")).toBe(site)
    expect(lines(standIn)).toEqual([])
  })

  it("answers after STAND_IN_DELAY_MS in delay mode", async () => {
    const standIn = await startStandIn({ STAND_IN_MODE: "delay", STAND_IN_DELAY_MS: "300" })
    const started = Date.now()
    const response = await post(standIn, wireBody)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(await response.text()).toBe("OK")
    expect(lines(standIn)).toHaveLength(1)
  })

  it("answers as EmailJS does at its rate limit (429) and with a lapsed e-mail link (412), storing nothing", async () => {
    const standIn = await startStandIn({ STAND_IN_MODE: "busy" })
    const busy = await post(standIn, wireBody)
    expect(busy.status).toBe(429)
    expect(await busy.text()).toBe("Too Many Requests")
    await fetch(`${standIn.url}/__stand-in/mode?mode=unlinked`, { method: "POST" })
    const unlinked = await post(standIn, wireBody)
    expect(unlinked.status).toBe(412)
    expect(await unlinked.text()).toMatch(/reconnect/)
    expect(lines(standIn)).toEqual([])
  })

  it("does not store a held request whose browser left before the answer", async () => {
    const standIn = await startStandIn({ STAND_IN_MODE: "delay", STAND_IN_DELAY_MS: "400" })
    const controller = new AbortController()
    const abandoned = post(standIn, wireBody, { signal: controller.signal }).catch(() => "aborted")
    await new Promise(resolve => setTimeout(resolve, 100))
    controller.abort()
    expect(await abandoned).toBe("aborted")
    // A request of its own delay, sent after, is stored once its answer goes out: the abandoned one never is.
    const kept = await post(standIn, wireBody, { query: "?mode=delay&delay=600" })
    expect(await kept.text()).toBe("OK")
    expect(lines(standIn)).toHaveLength(1)
  })

  it("says how many requests it holds back, until each is answered or abandoned", async () => {
    const standIn = await startStandIn({ STAND_IN_MODE: "delay", STAND_IN_DELAY_MS: "600" })
    const held = async () => (await fetch(`${standIn.url}/__stand-in/held`)).text()
    expect(await held()).toBe("0")
    const controller = new AbortController()
    const abandoned = post(standIn, wireBody, { signal: controller.signal }).catch(() => "aborted")
    const answered = post(standIn, wireBody)
    while ((await held()) !== "2") await new Promise(resolve => setTimeout(resolve, 20))
    controller.abort()
    await abandoned
    while ((await held()) !== "1") await new Promise(resolve => setTimeout(resolve, 20))
    expect((await answered).status).toBe(200)
    expect(await held()).toBe("0")
    expect(lines(standIn)).toHaveLength(1)
  })

  it("switches mode while running", async () => {
    const standIn = await startStandIn()
    const switched = await fetch(`${standIn.url}/__stand-in/mode?mode=error`, { method: "POST" })
    expect(await switched.text()).toBe("error")
    expect((await post(standIn, wireBody)).status).toBe(500)
    await fetch(`${standIn.url}/__stand-in/mode?mode=ok`, { method: "POST" })
    expect((await post(standIn, wireBody)).status).toBe(200)
  })

  it("keeps each session's mode, held requests and file apart from the others'", async () => {
    const standIn = await startStandIn({ STAND_IN_DELAY_MS: "400" })
    const control = (pathname: string, session: string, method = "GET") =>
      fetch(`${standIn.url}${pathname}`, { method, headers: { "X-Stand-In-Session": session } })
    expect(await (await control("/__stand-in/mode?mode=error", "file-a", "POST")).text()).toBe("error")
    expect(await (await control("/__stand-in/mode?mode=delay", "file-b", "POST")).text()).toBe("delay")

    expect((await post(standIn, wireBody, { session: "file-a" })).status).toBe(500)
    const held = post(standIn, wireBody, { session: "file-b" })
    while ((await (await control("/__stand-in/held", "file-b")).text()) !== "1")
      await new Promise(resolve => setTimeout(resolve, 20))
    expect(await (await control("/__stand-in/held", "file-a")).text()).toBe("0")
    // A request without a session keeps the stand-in's own mode and file.
    expect((await post(standIn, wireBody)).status).toBe(200)
    expect((await held).status).toBe(200)

    expect(lines(standIn, "file-a")).toEqual([])
    expect(lines(standIn, "file-b")).toHaveLength(1)
    expect(lines(standIn)).toHaveLength(1)
    // A preflight belongs to no session; a session's name must be safe as a file's.
    const preflight = await fetch(`${standIn.url}/api/v1.0/email/send`, {
      method: "OPTIONS",
      headers: { Origin: site, "Access-Control-Request-Headers": "content-type,x-stand-in-session" },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type,x-stand-in-session")
    expect((await post(standIn, wireBody, { session: "../elsewhere" })).status).toBe(400)
  })

  it("refuses an unknown mode at start", async () => {
    await expect(startStandIn({ STAND_IN_MODE: "flaky" })).rejects.toThrow(/Unknown stand-in mode "flaky"/)
  })
})
