/**
 * EmailJS and Google tag settings, read from GATSBY_* variables that Gatsby inlines at build time.
 * No browser APIs here: gatsby-node imports missingEmailjsVariables to warn about an incomplete build.
 */
export const EMAILJS_DEFAULT_ORIGIN = "https://api.emailjs.com"

/** Where Google's tag loads from: the page's script and the security policy both name it. */
export const GOOGLE_TAG_ORIGIN = "https://www.googletagmanager.com"

const requiredVariables = [
  "GATSBY_EMAILJS_PUBLIC_KEY",
  "GATSBY_EMAILJS_SERVICE_ID",
  "GATSBY_EMAILJS_TEMPLATE_ID",
] as const

/** Every EmailJS setting the form reads: the required three, and the service's address (a stand-in's in tests). */
export const EMAILJS_VARIABLES = [...requiredVariables, "GATSBY_EMAILJS_ORIGIN"] as const

type Env = Record<string, string | undefined>

/** The names of the required EmailJS variables that are unset or blank. */
export function missingEmailjsVariables(env: Env): string[] {
  return requiredVariables.filter(name => !env[name]?.trim())
}

// Spelled out one by one because Gatsby only replaces the literal `process.env.GATSBY_X` expressions;
// a computed lookup such as process.env[name] is undefined in the browser.
const buildEnv = (): Env => ({
  GATSBY_EMAILJS_PUBLIC_KEY: process.env.GATSBY_EMAILJS_PUBLIC_KEY,
  GATSBY_EMAILJS_SERVICE_ID: process.env.GATSBY_EMAILJS_SERVICE_ID,
  GATSBY_EMAILJS_TEMPLATE_ID: process.env.GATSBY_EMAILJS_TEMPLATE_ID,
  GATSBY_EMAILJS_ORIGIN: process.env.GATSBY_EMAILJS_ORIGIN,
  GATSBY_GOOGLE_ADS_CONVERSION: process.env.GATSBY_GOOGLE_ADS_CONVERSION,
  GATSBY_GOOGLE_ADS_CALL_CONVERSION: process.env.GATSBY_GOOGLE_ADS_CALL_CONVERSION,
  GATSBY_GTAG_ID: process.env.GATSBY_GTAG_ID,
})

export interface EmailjsConfig {
  publicKey: string
  serviceId: string
  templateId: string
  origin: string
}

export const emailjsOrigin = (env: Env = buildEnv()): string =>
  (env.GATSBY_EMAILJS_ORIGIN?.trim() || EMAILJS_DEFAULT_ORIGIN).replace(/\/+$/, "")

/** The EmailJS settings; throws an error naming the missing variables so the failure is logged usefully. */
export function readEmailjsConfig(env: Env = buildEnv()): EmailjsConfig {
  const missing = missingEmailjsVariables(env)
  if (missing.length > 0) throw new Error(`EmailJS is not configured: ${missing.join(", ")} not set at build time`)
  return {
    publicKey: env.GATSBY_EMAILJS_PUBLIC_KEY!.trim(),
    serviceId: env.GATSBY_EMAILJS_SERVICE_ID!.trim(),
    templateId: env.GATSBY_EMAILJS_TEMPLATE_ID!.trim(),
    origin: emailjsOrigin(env),
  }
}

/** The Google Ads conversion target of a sent estimate ("AW-…/…"), if the site has one. */
export const adsConversionTarget = (env: Env = buildEnv()): string | undefined =>
  env.GATSBY_GOOGLE_ADS_CONVERSION?.trim() || undefined

/** The target of a tap on a call link: its own, or the estimate's when the business counts them together. */
export const callConversionTarget = (env: Env = buildEnv()): string | undefined =>
  env.GATSBY_GOOGLE_ADS_CALL_CONVERSION?.trim() || adsConversionTarget(env)

/**
 * The Google tag's id ("AW-…", "G-…", "DC-…" or "GT-…"): when set, the pages load Google's tag once they are
 * idle. A Tag Manager container ("GTM-…") is refused: it runs any script its editors add, on the same origin as
 * the content manager's sign-in (docs/deploying.md › Google's tag).
 */
export const gtagId = (env: Env = buildEnv()): string | undefined => {
  const id = env.GATSBY_GTAG_ID?.trim()
  if (!id) return undefined
  if (/^GTM-/i.test(id))
    throw new Error(
      `GATSBY_GTAG_ID "${id}" is a Google Tag Manager container, which runs any script its editors add on the site's own origin; use the Google tag id (G-… or AW-…) instead (docs/deploying.md).`,
    )
  if (!/^(?:G|AW|DC|GT)-[A-Z0-9]+$/.test(id))
    throw new Error(`GATSBY_GTAG_ID "${id}" is not a Google tag id (AW-…, G-…)`)
  return id
}
