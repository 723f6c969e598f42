/* Cloudflare Pages Function at /api/leads/<ref>: forgets one request (functions/_inbox/leads.ts). */
import { forgetLead, type LeadsContext } from "../../_inbox/leads"

export const onRequestDelete = (context: LeadsContext) => forgetLead(context)
