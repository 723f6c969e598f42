/*
 * The launch check: a build meant for deployment must not publish the preview's placeholders (the
 * fictional phone number, the example.com addresses) or a form that cannot send. gatsby-node runs it
 * before `gatsby build`; SITE_PREVIEW=1 says the build is a preview and skips it.
 */
import { missingEmailjsVariables } from "../lib/estimate/config"

export const PREVIEW_VARIABLE = "SITE_PREVIEW"

type Env = Record<string, string | undefined>

export interface BusinessContact {
  phone: string
  email: string
  siteUrl: string
  privacyPolicyEffective?: string | null
  accessibilityStatementDate?: string | null
  licenseNumber?: string | null
}

export interface Placeholder {
  /** Where the value lives: a field of data/business.json or an environment variable. */
  setting: string
  problem: string
  fix: string
}

// Reserved for documentation and tests (RFC 2606, RFC 6761) or only reachable from this machine.
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost)$|^127\.|^0\.0\.0\.0$/i
// 555-0100 to 555-0199 are the numbers North America keeps for fiction.
const FICTIONAL_PHONE = /^\(\d{3}\) 555-01\d\d$/

const hostOf = (address: string): string => {
  try {
    return new URL(address).hostname
  } catch {
    return address
  }
}

/** True when the builder says this build is a preview, which may keep the placeholders. */
export const isPreview = (env: Env): boolean => /^(1|true|yes)$/i.test(env[PREVIEW_VARIABLE]?.trim() ?? "")

/** The check applies to `gatsby build` (which gatsby-cli names in gatsby_executing_command) unless it is a preview. */
export const launchCheckApplies = (env: Env): boolean => env.gatsby_executing_command === "build" && !isPreview(env)

/** Everything that would go live as a placeholder, each with how to set the real value. */
export function findPlaceholders(business: BusinessContact, env: Env): Placeholder[] {
  const found: Placeholder[] = []
  const inBusiness = (field: string) => `data/business.json › "${field}"`
  if (FICTIONAL_PHONE.test(business.phone))
    found.push({
      setting: inBusiness("phone"),
      problem: `${business.phone} is a fictional 555-01xx number`,
      fix: "set the number customers call, written like (801) 555-1234",
    })
  if (PLACEHOLDER_HOST.test(business.email.split("@").pop() ?? ""))
    found.push({
      setting: inBusiness("email"),
      problem: `${business.email} is a placeholder address`,
      fix: "set the inbox that answers customers",
    })
  if (PLACEHOLDER_HOST.test(hostOf(business.siteUrl)))
    found.push({
      setting: inBusiness("siteUrl"),
      problem: `${business.siteUrl} is a placeholder address`,
      fix: "set the public address the site is served at, like https://www.yourdomain.com, without a trailing slash",
    })
  if (!business.privacyPolicyEffective)
    found.push({
      setting: inBusiness("privacyPolicyEffective"),
      problem: "is not set, so the privacy page cannot say when its policy took effect",
      fix: "read the privacy page, then set the date it takes effect, written like 2026-12-01",
    })
  if (!business.accessibilityStatementDate)
    found.push({
      setting: inBusiness("accessibilityStatementDate"),
      problem: "is not set, so the accessibility statement has no date",
      fix: "read the accessibility page, then set the date of the statement, written like 2026-12-01",
    })
  for (const variable of missingEmailjsVariables(env))
    found.push({
      setting: variable,
      problem: "is not set, so the estimate form cannot send",
      fix: "set it in the build's environment to the value from your EmailJS account (docs/deploying.md)",
    })
  if (env.GATSBY_EMAILJS_ORIGIN && PLACEHOLDER_HOST.test(hostOf(env.GATSBY_EMAILJS_ORIGIN)))
    found.push({
      setting: "GATSBY_EMAILJS_ORIGIN",
      problem: `${env.GATSBY_EMAILJS_ORIGIN} is the EmailJS stand-in, which visitors cannot reach`,
      fix: "unset it to send through EmailJS, or set the address of the EmailJS-compatible host you use",
    })
  return found
}

export const formatPlaceholders = (placeholders: readonly Placeholder[]): string =>
  [
    `This build is for deployment, but ${placeholders.length} setting${placeholders.length === 1 ? " is" : "s are"} still a placeholder:`,
    ...placeholders.map(({ setting, problem, fix }) => `  - ${setting}: ${problem}; ${fix}.`),
    `Set ${placeholders.length === 1 ? "it" : "them"} and build again (README.md › Before launch). ` +
      `For a preview that may keep the placeholders, build with ${PREVIEW_VARIABLE}=1.`,
  ].join("\n")

/** The message a deploy build stops with, or null when it may go ahead. */
export function launchCheck(business: BusinessContact, env: Env): string | null {
  if (!launchCheckApplies(env)) return null
  const placeholders = findPlaceholders(business, env)
  return placeholders.length > 0 ? formatPlaceholders(placeholders) : null
}

/** What a deploy build goes ahead without, but says: a Utah contractor advertising on a website needs a licence. */
export function launchWarnings(business: BusinessContact): string[] {
  if (business.licenseNumber) return []
  return [
    'data/business.json › "licenseNumber" is not set. Utah asks a contractor who advertises to hold a licence from ' +
      "the Division of Professional Licensing; set its number and the footer and the trust strip show it with a " +
      "link to the state's lookup.",
  ]
}

/** The warranty's terms as the business writes them (data/business.json › warranty). */
export interface WarrantySource {
  warranty?: { covers?: readonly string[] | null; excludes?: readonly string[] | null; claim?: string | null } | null
}

const WARRANTY_TERMS = {
  covers: "what the warranty covers (the workmanship, scaling, settling …)",
  excludes:
    "what it does not cover (cracks from tree roots, de-icing salts in the first winter, loads beyond design …)",
  claim: "how to make a claim",
} as const

/** The warranty's terms still missing: /warranty says only the years and the workmanship until they are set. */
export function warrantyWarnings({ warranty }: WarrantySource): string[] {
  const missing = (Object.keys(WARRANTY_TERMS) as (keyof typeof WARRANTY_TERMS)[]).filter(term => !warranty?.[term])
  if (missing.length === 0) return []
  return [
    `data/business.json › "warranty" is missing ${missing.map(term => `"${term}" (${WARRANTY_TERMS[term]})`).join(", ")}. ` +
      "The warranty page shows only the years and the workmanship until the business writes its terms.",
  ]
}

/** A service's price range (data/services.json › price). */
export interface PricedService {
  slug: string
  price?: { checked: string } | null
}

/** A price range older than this many months may no longer be what jobs cost: the deploy build says so. */
export const PRICE_FRESH_MONTHS = 12

/** Each price range last checked more than PRICE_FRESH_MONTHS months before `today`. */
export function priceWarnings(services: readonly PricedService[], today = new Date()): string[] {
  const months = (month: string) => {
    const [year, number] = month.split("-").map(Number)
    return year * 12 + number - 1
  }
  const now = today.getUTCFullYear() * 12 + today.getUTCMonth()
  return services.flatMap((service, index) => {
    const checked = service.price?.checked
    if (!checked || now - months(checked) <= PRICE_FRESH_MONTHS) return []
    return [
      `data/services.json › entry #${index} "${service.slug}" › field "price.checked": the range was last checked in ` +
        `${checked}, more than ${PRICE_FRESH_MONTHS} months ago. Check the figures against recent jobs and set the month, ` +
        "or remove the range: the service page shows it as a guide to what jobs cost.",
    ]
  })
}
