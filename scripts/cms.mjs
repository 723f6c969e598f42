/*
 * `npm run cms`: the content manager on the owner's own machine, with no account and no network. Starts
 * Decap's local backend (decap-server, which reads and writes the files in data/) and the site in development
 * mode, which serves the content manager at /admin/ and rebuilds a page when its file changes.
 */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"

const require = createRequire(import.meta.url)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const { ensureDecapBundle, LOCAL_BACKEND_PORT } = require("../src/build-time/cms/decap-bundle.cjs")

ensureDecapBundle()
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" }
const backend = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
  cwd: root,
  env: { ...env, GIT_REPO_DIRECTORY: root, PORT: String(LOCAL_BACKEND_PORT) },
  stdio: "inherit",
})
const site = spawn("npx", ["gatsby", "develop"], { cwd: root, env, stdio: ["inherit", "pipe", "inherit"] })
let announced = false
site.stdout.on("data", chunk => {
  process.stdout.write(chunk)
  if (!announced && /You can now view/.test(String(chunk))) {
    announced = true
    console.log("\n  Edit the site's content at http://localhost:8000/admin/ (saves go straight to data/).\n")
  }
})
const stop = () => {
  backend.kill()
  site.kill()
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop)
backend.on("exit", code => {
  if (code) console.error(`decap-server stopped (exit code ${code}); is port ${LOCAL_BACKEND_PORT} already in use?`)
  site.kill()
})
site.on("exit", code => {
  backend.kill()
  process.exit(code ?? 0)
})
