/**
 * The owner's test send: a marked request through the site's real EmailJS settings, from the owner's own
 * browser, and what EmailJS answered, in words, with what to do about it.
 */
import { localDateTime } from "../../lib/estimate/lead"
import { emailjsFields } from "../../lib/estimate/lead-message"
import { asSendError } from "./send"

export const TEST_MARK = "TEST"

/** The template parameters of a test estimate: the same template, a message that says it is a test. */
export const testParams = (businessName: string, businessPhone: string, ref: string, date: Date = new Date()) =>
  emailjsFields(
    businessName,
    `${TEST_MARK}: ${businessName}'s own test`,
    businessPhone,
    ref,
    [
      `${TEST_MARK} estimate request ${ref}, sent by its owner from the website's Leads view.`,
      `Sent: ${localDateTime(date)}`,
      "It went through the same EmailJS settings as the estimate form: if you are reading this, the form's channel works.",
    ].join("\n"),
  )

export interface TestSendOutcome {
  ok: boolean
  /** What happened, in one sentence. */
  summary: string
  /** What to do about it. */
  advice: string
  /** EmailJS's own words, when it answered. */
  answer?: string
}

const DASHBOARD = "the EmailJS dashboard"

/** The outcome of a test send that resolved (null) or rejected with this error. */
export function explainTestSend(error: unknown | null): TestSendOutcome {
  if (error === null)
    return {
      ok: true,
      summary: "Sent: EmailJS accepted the test estimate.",
      advice:
        "It should reach the business's inbox within a minute or two, marked TEST. If it does not, check the spam folder and the template's To address.",
    }
  const { failure, status, text } = asSendError(error)
  const answer = status === undefined ? undefined : `${status}${text ? ` ${text}` : ""}`
  const said = (summary: string, advice: string): TestSendOutcome => ({ ok: false, summary, advice, answer })
  if (status === 412)
    return said(
      "Not sent: the e-mail account's link to EmailJS has lapsed, so EmailJS cannot send through it.",
      `In ${DASHBOARD}, open Email Services, reconnect the business's e-mail account, then send a test again. Until then every visitor who sends the form sees the error notice.`,
    )
  if (status === 429 || status === 426 || status === 402)
    return said(
      "Not sent: EmailJS refused it for the account's limits (its rate limit, or the month's quota is used up).",
      `In ${DASHBOARD}, the account's usage shows the month's requests against the plan's quota; wait for the rate limit, or raise the plan.`,
    )
  if (status === 400 || status === 404)
    return said(
      "Not sent: EmailJS does not know one of the ids this site was built with (the public key, the service or the template).",
      `Compare GATSBY_EMAILJS_PUBLIC_KEY, GATSBY_EMAILJS_SERVICE_ID and GATSBY_EMAILJS_TEMPLATE_ID with ${DASHBOARD} (Account, Email Services, Email Templates), set them in the host's build settings and deploy again.`,
    )
  if (status === 403)
    return said(
      "Not sent: EmailJS refused requests from this address.",
      `In ${DASHBOARD}, the account's security settings, add this site's address to the allowed origins.`,
    )
  if (status !== undefined && status >= 500)
    return said("Not sent: EmailJS had a problem of its own.", "Try again in a few minutes.")
  if (failure === "timeout")
    return said(
      "No answer from EmailJS within 15 seconds.",
      "Try again; if it keeps happening, check EmailJS's status.",
    )
  if (failure === "network")
    return said(
      "Not sent: this browser could not reach EmailJS.",
      "Check the connection, and turn off any content blocker on this site, then try again.",
    )
  if (failure === "refused" && status === undefined)
    return said(
      "Not sent: this build of the site has no EmailJS settings.",
      "Set the three GATSBY_EMAILJS_ variables in the host's build settings (docs/deploying.md) and deploy again.",
    )
  return said("Not sent: EmailJS refused the test estimate.", "Read EmailJS's answer below and check the dashboard.")
}
