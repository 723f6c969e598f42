/**
 * The follow-up details: after a request is sent, the success notice offers, never requires, three taps
 * (the project, a rough size, when) sent as a second e-mail with the same reference. The first send stays
 * the name and the phone. The offer is made once per browser (src/browser/estimate/follow-up-asked.ts).
 */
import type { Lead } from "./lead"
import { emailjsFields } from "./lead-message"

export const sizeChoices = ["Small (a walk or a pad)", "One car", "Two cars", "Larger"] as const
export const timingChoices = ["This month", "This season", "Just planning"] as const

export interface FollowUpAnswers {
  project: string
  size: string
  when: string
}

/** The details the visitor gave, one line each, as every e-mail to the owner lists them. */
export const detailLines = ({ project, size, when }: { [Key in keyof FollowUpAnswers]?: string | null }) =>
  (
    [
      ["Project", project],
      ["Size", size],
      ["When", when],
    ] as const
  )
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)

/** The template parameters of the follow-up: the same template, the same reference, a message of its own. */
export const followUpParams = (lead: Lead, businessName: string, answers: FollowUpAnswers) =>
  emailjsFields(
    businessName,
    lead.name,
    lead.phone,
    lead.ref,
    [`Details for estimate request ${lead.ref} from ${lead.name}, phone ${lead.phone}:`, ...detailLines(answers)].join(
      "\n",
    ),
  )
