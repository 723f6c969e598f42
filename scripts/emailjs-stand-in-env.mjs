/*
 * The EmailJS settings that point the estimate form at the EmailJS stand-in (scripts/emailjs-stand-in.mjs),
 * used when the business's own EmailJS variables are not set. A build with real variables keeps them.
 */
export const STAND_IN_PORT = Number(process.env.STAND_IN_PORT ?? 8788)

export const STAND_IN_ENV = {
  GATSBY_EMAILJS_PUBLIC_KEY: "emailjs-stand-in-public-key",
  GATSBY_EMAILJS_SERVICE_ID: "emailjs-stand-in-service",
  GATSBY_EMAILJS_TEMPLATE_ID: "emailjs-stand-in-template",
  GATSBY_EMAILJS_ORIGIN: `http://127.0.0.1:${STAND_IN_PORT}`,
}

const KEYS = ["GATSBY_EMAILJS_PUBLIC_KEY", "GATSBY_EMAILJS_SERVICE_ID", "GATSBY_EMAILJS_TEMPLATE_ID"]

/** True when none of the business's EmailJS variables is set. */
export const usesStandIn = (env = process.env) => KEYS.every(key => !env[key])

/** The environment for a build: the caller's, or the EmailJS stand-in's when no EmailJS variable is set. */
export const buildEnv = (env = process.env) => (usesStandIn(env) ? { ...env, ...STAND_IN_ENV } : env)
