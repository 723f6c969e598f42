/**
 * The browser's storage for the estimate's draft, outbox and follow-up. It can be missing or throw on access
 * (private modes, blocked cookies, the server render): then there is none, and each caller carries on without.
 */
export const browserStorage = (kind: "localStorage" | "sessionStorage"): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window[kind]
  } catch {
    return undefined
  }
}
