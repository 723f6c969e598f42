/*
 * The runtime module the `send_email` binding takes its messages from. Cloudflare's types package is not a
 * dependency of the site, so the one class the Worker uses is declared here as Cloudflare documents it.
 */
declare module "cloudflare:email" {
  export class EmailMessage {
    /** `raw` is the whole message as RFC 5322 text; its From and To must be `from` and `to`. */
    constructor(from: string, to: string, raw: string | ReadableStream)
    readonly from: string
    readonly to: string
  }
}
