/**
 * What the form posts to the site's inbox (worker/inbox/requests.ts), and the check the inbox makes of it: the
 * form's own yup schema for the name and the phone, and the rest of the lead beside it. One declaration for
 * the browser that writes the body (inbox.ts, which imports only its types, so no page carries yup for it) and
 * the host that reads it. Every text is stored without invisible format and control characters (cleanText),
 * and every post and update shows the request's secret (reference.ts).
 */
import { mixed, object, string, type InferType } from "yup"
import { cleanText } from "./fields"
import type { HoneypotVerdict } from "./honeypot"
import { isIsoTime } from "./lead"
import { isReference, isSecret } from "./reference"
import { estimateSchema } from "./schema"

const verdicts: readonly HoneypotVerdict[] = ["empty", "possible-spam", "bot"]
const clean = (value: unknown) => (typeof value === "string" ? cleanText(value) : value)
const text = (label: string, max: number) =>
  string()
    .transform(clean)
    .trim()
    .required(`The ${label} is missing.`)
    .max(max, `The ${label} is longer than ${max} characters.`)
const secret = () =>
  string()
    .required("The request's secret is missing.")
    .test("secret", "The secret is not one the form makes.", isSecret)

export const leadPostSchema = estimateSchema.concat(
  object({
    ref: string()
      .required("The reference is missing.")
      .test("reference", "The reference is not one the form makes.", isReference),
    secret: secret(),
    pageTitle: text("page's title", 300),
    pagePath: text("page's path", 300).matches(/^\//, "The page's path must start with a slash."),
    sentAt: string()
      .required("The time it was sent is missing.")
      .test("iso", "The time it was sent must be an ISO 8601 time in UTC.", isIsoTime),
    spam: mixed<HoneypotVerdict>()
      .oneOf([...verdicts], "The spam verdict is not one the form gives.")
      .required("The spam verdict is missing."),
  }),
)

export type LeadPost = InferType<typeof leadPostSchema>

/** What the browser tells the inbox after the mail service answered, or after the follow-up's taps. */
export const leadUpdateSchema = object({
  secret: secret(),
  email: mixed<"sent" | "failed">().oneOf(["sent", "failed"], "The e-mail's state must be sent or failed."),
  note: string().transform(clean).max(300, "The note is longer than 300 characters."),
  project: text("project", 100).notRequired(),
  size: text("size", 100).notRequired(),
  when: text("timing", 100).notRequired(),
})

export type LeadUpdate = InferType<typeof leadUpdateSchema>
