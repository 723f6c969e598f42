/**
 * The request's reference: six characters made when the visitor presses the button, in the e-mail's first
 * line and in the success notice, kept through the draft, the retry and the outbox, so a repeat of the same
 * request carries the same reference and the business can tell it from a second customer.
 */

// No look-alikes: no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B.
export const REFERENCE_ALPHABET = "ACEFGHJKMNPRTUVWXY34679"
export const REFERENCE_LENGTH = 6

const pattern = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`)

export const isReference = (value: unknown): value is string => typeof value === "string" && pattern.test(value)

/** A new reference from the browser's random source. */
export function makeReference(random: (bytes: Uint8Array) => Uint8Array = bytes => crypto.getRandomValues(bytes)) {
  const size = REFERENCE_ALPHABET.length
  // Bytes at or above the largest multiple of the alphabet's size are drawn again, so every character is as likely.
  const limit = 256 - (256 % size)
  let reference = ""
  while (reference.length < REFERENCE_LENGTH) {
    for (const byte of random(new Uint8Array(REFERENCE_LENGTH))) {
      if (byte < limit && reference.length < REFERENCE_LENGTH) reference += REFERENCE_ALPHABET[byte % size]
    }
  }
  return reference
}

/**
 * The request's secret: 128 random bits the visitor's browser makes with the reference and keeps with it (the
 * draft, the outbox, the follow-up). The site's inbox (worker/inbox/) stores only its hash with the first post
 * and changes the stored request only for a later post or update that shows the same secret, so a reference,
 * which a person reads aloud on the phone, is never the key to a lead. It never goes into an e-mail.
 */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{22}$/

export const isSecret = (value: unknown): value is string => typeof value === "string" && SECRET_PATTERN.test(value)

/** A new secret, as base64url without padding. */
export function makeSecret(random: (bytes: Uint8Array) => Uint8Array = bytes => crypto.getRandomValues(bytes)) {
  const bytes = random(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")
}
