/**
 * @jest-environment node
 */
/*
 * `npm run cms` opens the checkout to this machine only: decap-server and the development server listen on the
 * loopback address unless CMS_HOST names another on purpose, and then the configuration points Decap there
 * (src/build-time/cms/local-host.cjs). decap-server itself is started the way scripts/cms.mjs starts it and
 * must not answer on the machine's network address.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import http, { type Server } from "node:http"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { cmsConfig } from "../src/build-time/cms/config"
import { allowedHostNames, guardHost } from "../src/build-time/cms/host-guard.cjs"
import { adminAddress, backendEnv, listenHost, LOCAL_BACKEND_PORT } from "../src/build-time/cms/local-host.cjs"

describe("where the content manager listens", () => {
  it("is the loopback address unless CMS_HOST names one", () => {
    expect(listenHost({})).toBe("127.0.0.1")
    expect(listenHost({ CMS_HOST: " " })).toBe("127.0.0.1")
    expect(listenHost({ CMS_HOST: "192.168.1.20" })).toBe("192.168.1.20")
    expect(backendEnv("127.0.0.1", 41_000)).toEqual({ BIND_HOST: "127.0.0.1", PORT: "41000" })
    expect(adminAddress("127.0.0.1")).toBe("http://localhost:8000/admin/")
  })

  it("points Decap at the named address, and answers pages from there only then", () => {
    expect(cmsConfig({}, "https://www.example.com").local_backend).toEqual({
      url: `http://localhost:${LOCAL_BACKEND_PORT}/api/v1`,
    })
    expect(cmsConfig({ CMS_HOST: "192.168.1.20" }, "https://www.example.com").local_backend).toEqual({
      url: `http://192.168.1.20:${LOCAL_BACKEND_PORT}/api/v1`,
      allowed_hosts: ["192.168.1.20"],
    })
    // decap-server itself stays on the loopback, behind the door that answers on the named address.
    expect(backendEnv("192.168.1.20", 41_000)).toMatchObject({
      BIND_HOST: "127.0.0.1",
      ORIGIN: "http://192.168.1.20:8000",
    })
    expect([...allowedHostNames("192.168.1.20")]).toEqual(["127.0.0.1", "localhost", "[::1]", "192.168.1.20"])
    expect(adminAddress("192.168.1.20")).toBe("http://192.168.1.20:8000/admin/")
  })
})

/** A port free on every address of this machine right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on("error", reject)
  })

/** Whether a TCP connection to host:port is accepted. */
const answers = (host: string, port: number) =>
  new Promise<boolean>(resolve => {
    const socket = net.connect({ host, port })
    socket.once("connect", () => socket.destroy() && resolve(true))
    socket.once("error", () => resolve(false))
  })

const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find(address => address && address.family === "IPv4" && !address.internal)?.address

let backend: ChildProcess | undefined
afterAll(() => backend?.kill())

let door: Server | undefined
afterAll(() => door?.close())

/** A POST to the backend as a page would make it, naming `hostHeader` as its Host. */
const post = (port: number, hostHeader: string, body: unknown) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/v1",
        headers: { Host: hostHeader, "Content-Type": "application/json" },
      },
      response => {
        let text = ""
        response.on("data", chunk => (text += chunk))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }))
      },
    )
    request.on("error", reject)
    request.end(JSON.stringify(body))
  })

test("decap-server, started as npm run cms starts it, answers on 127.0.0.1 only, and only to its own host names", async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "cms-door-"))
  const inner = await freePort()
  const outer = await freePort()
  const env = { ...process.env, ...backendEnv(listenHost({}), inner), GIT_REPO_DIRECTORY: scratch }
  backend = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], { env, stdio: "pipe" })
  const started = backend
  await new Promise<void>((resolve, reject) => {
    started.stdout?.on("data", chunk => String(chunk).includes("listening on") && resolve())
    started.once("exit", code => reject(new Error(`decap-server stopped (${code})`)))
  })
  door = await guardHost({ host: listenHost({}), port: outer, target: inner })
  expect(await answers("127.0.0.1", outer)).toBe(true)
  // A machine with no network address has nobody else to keep out.
  if (networkAddress) {
    expect(await answers(networkAddress, inner)).toBe(false)
    expect(await answers(networkAddress, outer)).toBe(false)
  }

  // A page of another site, its name made to point at 127.0.0.1 (DNS rebinding), writes nothing.
  const write = {
    action: "persistEntry",
    params: {
      branch: "main",
      entry: { slug: "pwned", path: "data/pwned.json", raw: "{}" },
      assets: [],
      options: { commitMessage: "pwned", useWorkflow: false, status: "draft" },
    },
  }
  const rebound = await post(outer, `attacker.example:${outer}`, write)
  expect(rebound.status).toBe(403)
  expect(rebound.text).toMatch(/answers only to 127\.0\.0\.1, localhost/)
  expect(fs.existsSync(path.join(scratch, "data/pwned.json"))).toBe(false)

  // The owner's own pages name localhost or 127.0.0.1, and are answered.
  expect((await post(outer, `localhost:${outer}`, { action: "info" })).status).toBe(200)
  const own = await post(outer, `127.0.0.1:${outer}`, {
    ...write,
    params: { ...write.params, entry: { slug: "ok", path: "data/ok.json", raw: "{}" } },
  })
  expect(own.status).toBe(200)
  expect(fs.existsSync(path.join(scratch, "data/ok.json"))).toBe(true)
})
