/*
 * "cloudflare:email" exists only in Cloudflare's runtime; jest.config.js maps it here, so the Worker's own code
 * runs in Node and a test's stand-in for the `send_email` binding can read the raw message it was given.
 */
export class EmailMessage {
  constructor(
    readonly from: string,
    readonly to: string,
    readonly raw: string,
  ) {}
}
