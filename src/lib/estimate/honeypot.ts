/**
 * The honeypot never lies to a person. Its field is out of sight, out of the accessibility tree and out of
 * autofill's reach, yet a browser tool can still fill it. A filled one that came in faster than a person
 * types is a bot's: it gets the success notice and nothing is sent. One that took a person's time is sent,
 * marked as possible spam, rather than lost.
 */

/** Under this, from the first touch of the form to the press of its button, nobody typed a name and a phone. */
export const HUMAN_AFTER_MS = 3_000

export type HoneypotVerdict = "empty" | "bot" | "possible-spam"

export function honeypotVerdict(value: string, elapsedMs: number): HoneypotVerdict {
  if (!value) return "empty"
  return elapsedMs < HUMAN_AFTER_MS ? "bot" : "possible-spam"
}
