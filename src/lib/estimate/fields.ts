/**
 * The estimate form's fields and limits, shared by the server-rendered shell, the lazily loaded engine and the
 * host that checks a post (the inputs themselves are read in src/browser/estimate/form-inputs.ts).
 */
export const limits = {
  nameMin: 2,
  nameMax: 100,
  phoneMin: 10,
  phoneMax: 30,
} as const

export const messages = {
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: `Name must be at most ${limits.nameMax} characters`,
  phoneTooShort: "Please enter a valid phone number",
  phoneTooLong: `Phone number must be at most ${limits.phoneMax} characters`,
} as const

/**
 * `extraInfo` is the honeypot: out of sight, out of the accessibility tree and out of autofill's reach, so
 * what is typed in it was most likely typed by a bot (src/lib/estimate/honeypot.ts decides).
 */
export interface EstimateValues {
  name: string
  phone: string
  extraInfo: string
}

export const HONEYPOT_FIELD = "extraInfo"

export type VisibleField = "name" | "phone"

/** In the order they appear, so a failed check can focus the first invalid one. */
export const visibleFields: readonly VisibleField[] = ["name", "phone"]

export const emptyValues: EstimateValues = { name: "", phone: "", extraInfo: "" }

// Invisible format characters: bidirectional controls (U+202A–202E, U+2066–2069), zero-width spaces, the
// byte-order mark, soft hyphens... They can reorder or hide what the business reads. The zero-width joiner and
// non-joiner (U+200C, U+200D) stay: some names are spelled with them (Persian, the Indic scripts). Control
// characters (NUL, tabs, line breaks, C1) go too: every field is one line of text.
const formatCharacters = /(?![\u200C\u200D])[\p{Cf}\p{Cc}]/gu

/** A value without invisible format or control characters, before it is checked, sent or kept. */
export const cleanText = (value: string): string => value.replace(formatCharacters, "")
