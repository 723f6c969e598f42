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
import net from "node:net"
import os from "node:os"
import { cmsConfig } from "../src/build-time/cms/config"
import { adminAddress, backendEnv, listenHost, LOCAL_BACKEND_PORT } from "../src/build-time/cms/local-host.cjs"

describe("where the content manager listens", () => {
  it("is the loopback address unless CMS_HOST names one", () => {
    expect(listenHost({})).toBe("127.0.0.1")
    expect(listenHost({ CMS_HOST: " " })).toBe("127.0.0.1")
    expect(listenHost({ CMS_HOST: "192.168.1.20" })).toBe("192.168.1.20")
    expect(backendEnv("127.0.0.1")).toEqual({ BIND_HOST: "127.0.0.1", PORT: String(LOCAL_BACKEND_PORT) })
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
    expect(backendEnv("192.168.1.20")).toMatchObject({ BIND_HOST: "192.168.1.20", ORIGIN: "http://192.168.1.20:8000" })
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

test("decap-server, started as npm run cms starts it, answers on 127.0.0.1 and not on the network", async () => {
  const port = await freePort()
  const env = { ...process.env, ...backendEnv(listenHost({})), PORT: String(port), GIT_REPO_DIRECTORY: os.tmpdir() }
  backend = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], { env, stdio: "pipe" })
  const started = backend
  await new Promise<void>((resolve, reject) => {
    started.stdout?.on("data", chunk => String(chunk).includes("listening on") && resolve())
    started.once("exit", code => reject(new Error(`decap-server stopped (${code})`)))
  })
  expect(await answers("127.0.0.1", port)).toBe(true)
  // A machine with no network address has nobody else to keep out.
  if (networkAddress) expect(await answers(networkAddress, port)).toBe(false)
})
