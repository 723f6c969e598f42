/*
 * Cloudflare Pages Function at /api/requests: the estimate inbox's door (functions/_inbox/requests.ts says
 * what it stores and when).
 */
import { storeRequest, type InboxContext } from "../../_inbox/requests"

export const onRequestPost = (context: InboxContext) => storeRequest(context)
