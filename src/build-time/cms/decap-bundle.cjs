/*
 * Decap CMS's prebuilt browser bundle, pinned by version and checksum. It is not an npm dependency of the
 * site: Decap's packages expect React 19 and the site runs React 18, and the bundle brings its own React.
 * `npm pack` fetches the published package through npm's own cache and configuration, the tarball's sha512
 * must equal the pinned one, and the bundle's files are kept in node_modules/.cache, which `gatsby clean`
 * leaves alone. gatsby-node.ts copies them to public/admin/ (build) or serves them (develop).
 *
 * `node src/build-time/cms/decap-bundle.cjs` fetches it ahead of time (CI does, so the first build is not slower).
 *
 * Also, passed on from local-host.cjs, the port of Decap's local backend (decap-server), which `npm run cms`
 * (scripts/cms.mjs) starts and the CMS configuration (config.ts beside it) points at.
 */
const { execFileSync } = require("child_process")
const crypto = require("crypto")
const fs = require("fs")
const path = require("path")

const VERSION = "3.16.3"
const INTEGRITY = "sha512-hf+dPlCh7TJmWl8+6VRzHYOWhri5xgUknrZbDewaWe4s9B7xJ8PQugp2QHeSldMUKzav6+z0oIpwUYhUJDYtYw=="

const { LOCAL_BACKEND_PORT } = require("./local-host.cjs")

/** The folder under /admin/ that holds the bundle: versioned, so its files can be cached for good. */
const BUNDLE_FOLDER = `decap-cms-${VERSION}`
const root = path.resolve(__dirname, "../../..")
const cacheDir = path.join(root, "node_modules", ".cache", BUNDLE_FOLDER)

/** The files the browser needs: the entry script, its numbered chunks, the two WebAssembly modules, licences. */
const isBundleFile = name =>
  name === "decap-cms.js" ||
  /^\d+\.decap-cms\.js$/.test(name) ||
  /^[0-9a-f]+\.wasm$/.test(name) ||
  name === "decap-cms.js.LICENSE.txt"

function verifiedTarball(workDir) {
  const output = execFileSync("npm", ["pack", `decap-cms@${VERSION}`, "--json", "--pack-destination", workDir], {
    cwd: workDir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
  const [{ filename }] = JSON.parse(output)
  const tarball = path.join(workDir, filename)
  const digest = `sha512-${crypto.createHash("sha512").update(fs.readFileSync(tarball)).digest("base64")}`
  if (digest !== INTEGRITY)
    throw new Error(`decap-cms@${VERSION}: the tarball's checksum is ${digest}, not the pinned ${INTEGRITY}`)
  return tarball
}

/** The folder holding the bundle's files, fetched and checked on first use. */
function ensureDecapBundle() {
  const marker = path.join(cacheDir, ".integrity")
  if (fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === INTEGRITY) return cacheDir
  fs.mkdirSync(path.dirname(cacheDir), { recursive: true })
  const workDir = fs.mkdtempSync(path.join(path.dirname(cacheDir), "decap-"))
  try {
    const tarball = verifiedTarball(workDir)
    execFileSync("tar", ["-xzf", tarball, "-C", workDir, "package/dist"])
    fs.rmSync(cacheDir, { recursive: true, force: true })
    fs.mkdirSync(cacheDir, { recursive: true })
    const dist = path.join(workDir, "package", "dist")
    for (const name of fs.readdirSync(dist).filter(isBundleFile))
      fs.copyFileSync(path.join(dist, name), path.join(cacheDir, name))
    fs.writeFileSync(marker, INTEGRITY)
    return cacheDir
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

/** The bundle's files, by name, without the marker. */
const bundleFiles = dir => fs.readdirSync(dir).filter(isBundleFile).sort()

module.exports = { VERSION, INTEGRITY, BUNDLE_FOLDER, LOCAL_BACKEND_PORT, ensureDecapBundle, bundleFiles }

if (require.main === module) {
  const dir = ensureDecapBundle()
  console.log(`Decap CMS ${VERSION}: ${bundleFiles(dir).length} files in ${path.relative(root, dir)}`)
}
