/** How long a send may take, here apart from send.ts so that code loaded on every page can read it without EmailJS. */

/** The whole send, a retry included, ends by then, so the visitor is never left waiting. */
export const SEND_TIMEOUT_MS = 15_000
/** The pause before the one retry of a transient failure. */
export const RETRY_PAUSE_MS = 1_500
