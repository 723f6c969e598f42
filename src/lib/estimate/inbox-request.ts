/**
 * What the form posts to the site's inbox (worker/inbox/requests.ts), and the check the inbox makes of it: the
 * form's own yup schema for the name and the phone, and the rest of the lead beside it. One declaration for
 * the browser that writes the body (inbox.ts, which imports only its types, so no page carries yup for it) and
 * the host that reads it.
 */
import { mixed, object, string, type InferType } from "yup"
import type { HoneypotVerdict } from "./honeypot"
import { isReference } from "./reference"
import { estimateSchema } from "./schema"

const verdicts: readonly HoneypotVerdict[] = ["empty", "possible-spam", "bot"]
const text = (label: string, max: number) =>
  string().trim().required(`The ${label} is missing.`).max(max, `The ${label} is longer than ${max} characters.`)

export const inboxRequestSchema = estimateSchema.concat(
  object({
    ref: string()
      .required("The reference is missing.")
      .test("reference", "The reference is not one the form makes.", isReference),
    pageTitle: text("page's title", 300),
    pagePath: text("page's path", 300).matches(/^\//, "The page's path must start with a slash."),
    sentAt: text("time it was sent", 100),
    spam: mixed<HoneypotVerdict>()
      .oneOf([...verdicts], "The spam verdict is not one the form gives.")
      .required("The spam verdict is missing."),
  }),
)

export type InboxRequest = InferType<typeof inboxRequestSchema>

/** What the browser tells the inbox after the mail service answered, or after the follow-up's taps. */
export const inboxUpdateSchema = object({
  email: mixed<"sent" | "failed">().oneOf(["sent", "failed"], "The e-mail's state must be sent or failed."),
  note: string().max(300, "The note is longer than 300 characters."),
  project: text("project", 100).notRequired(),
  size: text("size", 100).notRequired(),
  when: text("timing", 100).notRequired(),
})

export type InboxUpdate = InferType<typeof inboxUpdateSchema>
