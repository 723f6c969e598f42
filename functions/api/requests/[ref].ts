/*
 * Cloudflare Pages Function at /api/requests/<ref>: the e-mail's outcome and the follow-up details of a stored
 * request (functions/_inbox/requests.ts).
 */
import { recordOutcome, type InboxContext } from "../../_inbox/requests"

export const onRequestPatch = (context: InboxContext) => recordOutcome(context)
