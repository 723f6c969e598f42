/*
 * `npm run cms`: the content manager on the owner's own machine, with no account and no network. Starts
 * Decap's local backend (decap-server, which reads and writes the files in data/) and the site in development
 * mode, which serves the content manager at /admin/ and rebuilds a page when its file changes. Both listen on
 * 127.0.0.1 only, or on the address CMS_HOST names (src/build-time/cms/local-host.cjs, docs/content.md): decap-server
 * writes any file of the checkout for whoever reaches it, so it sits on a loopback port of its own behind a door
 * that refuses any request naming another host (src/build-time/cms/host-guard.cjs).
 */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import net from "node:net"
import path from "node:path"
import { fileURLToPath } from "node:url"

const require = createRequire(import.meta.url)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const { ensureDecapBundle } = require("../src/build-time/cms/decap-bundle.cjs")
const {
  adminAddress,
  backendEnv,
  DEVELOP_PORT,
  isLoopback,
  listenHost,
  LOCAL_BACKEND_PORT,
} = require("../src/build-time/cms/local-host.cjs")

const { guardHost } = require("../src/build-time/cms/host-guard.cjs")

/** A loopback port nothing listens on now, for decap-server behind its door. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

ensureDecapBundle()
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }
const host = listenHost(env)
if (!isLoopback(host))
  console.warn(`\n  CMS_HOST=${host}: anyone who reaches ${host} can write this checkout's files until you stop.\n`)
const inner = await freePort()
const backend = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
  cwd: root,
  env: { ...env, GIT_REPO_DIRECTORY: root, ...backendEnv(host, inner) },
  stdio: "inherit",
})
const door = await guardHost({ host, port: LOCAL_BACKEND_PORT, target: inner }).catch(error => {
  console.error(`The content manager's backend cannot listen on ${host}:${LOCAL_BACKEND_PORT}: ${error.message}`)
  backend.kill()
  process.exit(1)
})
const developArgs = ["gatsby", "develop", "--host", host, "--port", String(DEVELOP_PORT)]
const site = spawn("npx", developArgs, { cwd: root, env, stdio: ["inherit", "pipe", "inherit"] })
let announced = false
site.stdout.on("data", chunk => {
  process.stdout.write(chunk)
  if (!announced && /You can now view/.test(String(chunk))) {
    announced = true
    console.log(`\n  Edit the site's content at ${adminAddress(host)} (saves go straight to data/).\n`)
  }
})
const stop = () => {
  door.close()
  backend.kill()
  site.kill()
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop)
backend.on("exit", code => {
  if (code) console.error(`decap-server stopped (exit code ${code}).`)
  site.kill()
})
site.on("exit", code => {
  door.close()
  backend.kill()
  process.exit(code ?? 0)
})
