/*
 * The EmailJS settings that point the estimate form at the local inbox (scripts/inbox-server.mjs),
 * used when the business's own EmailJS variables are not set. A build with real variables keeps them.
 */
export const INBOX_PORT = Number(process.env.INBOX_PORT ?? 8788)

export const LOCAL_INBOX_ENV = {
  GATSBY_EMAILJS_PUBLIC_KEY: "local-inbox-public-key",
  GATSBY_EMAILJS_SERVICE_ID: "local-inbox-service",
  GATSBY_EMAILJS_TEMPLATE_ID: "local-inbox-template",
  GATSBY_EMAILJS_ORIGIN: `http://127.0.0.1:${INBOX_PORT}`,
}

const KEYS = ["GATSBY_EMAILJS_PUBLIC_KEY", "GATSBY_EMAILJS_SERVICE_ID", "GATSBY_EMAILJS_TEMPLATE_ID"]

/** True when none of the business's EmailJS variables is set. */
export const usesLocalInbox = (env = process.env) => KEYS.every(key => !env[key])

/** The environment for a build: the caller's, or the local inbox's when no EmailJS variable is set. */
export const buildEnv = (env = process.env) => (usesLocalInbox(env) ? { ...env, ...LOCAL_INBOX_ENV } : env)
