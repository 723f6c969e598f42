/* Cloudflare Pages Function at /api/leads: the owner's list of leads (functions/_inbox/leads.ts). */
import { listLeads, type LeadsContext } from "../../_inbox/leads"

export const onRequestGet = (context: LeadsContext) => listLeads(context)
