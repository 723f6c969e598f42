/*
 * The owner's one word when the inbox meets its daily ceiling (INBOX_POSTS_PER_DAY, worker/inbox/rate-limit.ts):
 * a flood of posts, or a very good day. From then until midnight UTC the form sends each request by e-mail from
 * the visitor's browser alone, as on a host without the inbox, so the owner should watch the mailbox. Told once
 * a day, by the host's e-mail and a push where each is set up; never throws.
 */
import { EmailMessage } from "cloudflare:email"
import business from "../../data/business.json"
import type { Env } from "../env"
import { leadsViewLink } from "./owner-email"
import { senderAddress } from "./host-email"
import { mimeMessage } from "./mime"
import { pushToOwner } from "./push"

export const CEILING_SUBJECT = "The website's inbox is turning requests away for the rest of today"

/** The words of the notice, the same in the e-mail and the push. */
export const ceilingWords = (perDay: number) =>
  `The website's inbox has taken ${perDay} requests today (UTC), its daily ceiling (INBOX_POSTS_PER_DAY). Until midnight UTC each new request reaches you only by the usual e-mail from the visitor's browser: watch that mailbox, and look in Leads for a flood of fake requests.`

export async function tellOwnerOfCeiling(env: Env, perDay: number, now: Date): Promise<void> {
  const words = ceilingWords(perDay)
  const link = leadsViewLink("").replace(/#$/, "")
  const sends: Promise<unknown>[] = [pushToOwner(env, { title: CEILING_SUBJECT, body: words, ref: "" })]
  if (env.OWNER_EMAIL) {
    const from = senderAddress(env)
    const raw = mimeMessage({
      from: { address: from, name: `${business.name} website` },
      to: { address: business.email, name: business.name },
      date: now,
      messageId: `ceiling.${now.getTime()}@${from.split("@")[1]}`,
      subject: CEILING_SUBJECT,
      text: `${words}\r\n\r\nLeads: ${link}`,
      html: `<!DOCTYPE html><html><body><p>${words}</p><p><a href="${link}">Open Leads</a></p></body></html>`,
    })
    sends.push(env.OWNER_EMAIL.send(new EmailMessage(from, business.email, raw)))
  }
  for (const outcome of await Promise.allSettled(sends))
    if (outcome.status === "rejected") console.error("Telling the owner of the daily ceiling failed:", outcome.reason)
}
