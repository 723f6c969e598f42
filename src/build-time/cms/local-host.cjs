/*
 * Where `npm run cms` listens. decap-server writes any file of the checkout for whoever reaches it, with no
 * sign-in, so it and the development server listen on this machine's loopback address only, unless the owner
 * names another address of this machine on purpose (CMS_HOST, docs/content.md › On a phone): then both listen
 * there, decap-server answers pages from that address and the CMS configuration points Decap at it. Either way
 * decap-server answers only requests that name those hosts (host-guard.cjs).
 * A plain script (scripts/cms.mjs) and the TypeScript (config.ts) read the same rules here.
 */
const LOOPBACK = "127.0.0.1"
/** Where the development server serves the site and /admin/ (gatsby develop's own default port). */
const DEVELOP_PORT = 8000
/** Where decap-server listens; Decap looks for it only on the hosts its configuration allows. */
const LOCAL_BACKEND_PORT = 8081

/** The address both servers listen on: CMS_HOST, else the loopback address. */
const listenHost = env => (env.CMS_HOST || "").trim() || LOOPBACK

/** True for an address that only this machine reaches. */
const isLoopback = host => host === LOOPBACK || host === "localhost" || host === "::1"

/** The address the owner opens; localhost is the loopback name Decap's local backend expects by default. */
const adminAddress = host => `http://${isLoopback(host) ? "localhost" : host}:${DEVELOP_PORT}/admin/`

/**
 * The environment decap-server runs with: the loopback's `port`, behind the door that answers on
 * LOCAL_BACKEND_PORT (host-guard.cjs), and the page origin it answers when the owner named another address.
 */
const backendEnv = (host, port) => ({
  BIND_HOST: LOOPBACK,
  PORT: String(port),
  ...(isLoopback(host) ? {} : { ORIGIN: `http://${host}:${DEVELOP_PORT}` }),
})

/** Decap's `local_backend` setting: the loopback default, or the named address and that host allowed. */
const localBackend = host =>
  isLoopback(host)
    ? { url: `http://localhost:${LOCAL_BACKEND_PORT}/api/v1` }
    : { url: `http://${host}:${LOCAL_BACKEND_PORT}/api/v1`, allowed_hosts: [host] }

module.exports = {
  LOOPBACK,
  DEVELOP_PORT,
  LOCAL_BACKEND_PORT,
  listenHost,
  isLoopback,
  adminAddress,
  backendEnv,
  localBackend,
}
