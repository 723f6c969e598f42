/*
 * The runtime types that the generated Env (worker-configuration.d.ts, `npm run types:worker`) names, as globals,
 * the way Cloudflare's own runtime types declare them. That file is generated without the runtime types, which
 * would replace the DOM's Request, Response and fetch the rest of the project is typed with; each name here is the
 * small part of the binding the Worker uses (env.ts, inbox/database.ts).
 */
type Fetcher = import("./env").Fetcher
type D1Database = import("./inbox/database").D1Database
type SendEmail = import("./env").SendEmail
