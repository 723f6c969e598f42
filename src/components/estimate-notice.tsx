import type { ReactNode } from "react"
import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { mailtoHref, sentWords, smsHref, type Lead } from "../lib/estimate/lead"
import { isAlert, isKept, type EstimateNoticeKind } from "../lib/estimate/notice"
import { OUTBOX_MAX_AGE_DAYS } from "../browser/estimate/outbox"
import { colors, fontWeights, radii, sizes, space } from "../styles/theme"
import { PhoneLink } from "./phone-link"

const notice = css`
  margin-top: ${space.lg};
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space.sm};
  padding: ${space.md};
  border-left: ${space.xxs} solid;
  border-radius: ${radii.md};
  color: ${colors.ink};
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${space.xs};
  }
`

const tones = {
  good: css`
    background: ${colors.successSurface};
    border-color: ${colors.success};
  `,
  bad: css`
    background: ${colors.dangerSurface};
    border-color: ${colors.danger};
  `,
}

const title = css`
  font-weight: ${fontWeights.bold};
`

const action = css`
  min-width: ${sizes.tapTarget};
  min-height: ${sizes.tapTarget};
  padding: ${space.xs} ${space.sm};
  border: ${sizes.border} solid ${colors.ink};
  border-radius: ${radii.md};
  background: ${colors.paper};
  color: ${colors.ink};
  font: inherit;
  cursor: pointer;
`

const appLink = css`
  display: inline-block;
  padding: ${space.xxs} 0;
  color: ${colors.ink};
  font-weight: ${fontWeights.semibold};
`

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

export interface EstimateNoticeProps {
  kind: EstimateNoticeKind
  /** The request the notice is about: the text and e-mail links carry it. */
  lead?: Lead
  onDismiss?: () => void
  onCancel?: () => void
  /** More for the visitor after the success notice's text: the follow-up questions. */
  children?: ReactNode
}

/** The visitor's own apps as a way round the mail service: the same request by text message or e-mail. */
function SendItYourself({ lead, first = false }: { lead: Lead; first?: boolean }) {
  const { phone, email } = useBusiness()
  return (
    <p>
      {first ? "Send the same request from your phone instead:" : "Or send the same request from your phone:"}{" "}
      <a href={smsHref(phone, lead)} css={appLink}>
        text it to us
      </a>{" "}
      or{" "}
      <a href={mailtoHref(email, lead)} css={appLink}>
        e-mail it to us
      </a>
      .
    </p>
  )
}

/** What became of an estimate request, with the ways to reach the business when it did not go out. */
export function EstimateNotice({ kind, lead, onDismiss, onCancel, children }: EstimateNoticeProps) {
  const business = useBusiness()
  const call = <PhoneLink phone={business.phone} />
  return (
    <div css={[notice, isAlert(kind) ? tones.bad : tones.good]}>
      <div>
        {kind === "success" && (
          <>
            <p css={title}>{"Your estimate request has been sent! We'll contact you soon."}</p>
            {lead && <p>Request {lead.ref}</p>}
            <p>Thank you for choosing {sentence(business.name)}</p>
            {children}
          </>
        )}
        {kind === "error" && (
          <>
            <p css={title}>There was an error submitting your request. Please try again.</p>
            <p>Or call us now at {call}.</p>
            {lead && <SendItYourself lead={lead} />}
          </>
        )}
        {kind === "blocked" && (
          <>
            <p css={title}>Your request could not be sent from this browser.</p>
            <p>
              Something on this device or network, such as a content blocker, stops our mail service, so trying again
              here will not help. Your details are still in the form.
            </p>
            {lead && <SendItYourself lead={lead} first />}
            <p>Or call us now at {call}.</p>
          </>
        )}
        {kind === "unsaved" && (
          <>
            <p css={title}>{"You're offline, and this browser would not save your request, so nothing was kept."}</p>
            <p>Your details are still in the form. Call us now at {call}.</p>
            {lead && <SendItYourself lead={lead} />}
          </>
        )}
        {isKept(kind) && (
          <>
            <p css={title}>
              {kind === "waiting"
                ? "You're offline, so your request is saved on this device."
                : "Our mail service did not take your request just now, so it is saved on this device."}
            </p>
            <p>
              {`It will be sent ${kind === "waiting" ? "as soon as your connection is back, on this page or" : "again from"} the next page you open on our site within ${OUTBOX_MAX_AGE_DAYS} days. Can't wait? Call us at `}
              {call}.
            </p>
            {lead && <SendItYourself lead={lead} />}
          </>
        )}
        {kind === "sending" && <p css={title}>Sending your saved estimate request…</p>}
        {kind === "expired" && (
          <>
            <p css={title}>Your saved estimate request was not sent.</p>
            <p>
              It was kept on this device since {lead ? sentWords(lead.sentAt) : "an earlier visit"}, more than{" "}
              {OUTBOX_MAX_AGE_DAYS} days ago. If you still want a free estimate, send the form again or call us at{" "}
              {call}.
            </p>
          </>
        )}
      </div>
      {isKept(kind) && onCancel && (
        <button type="button" css={action} onClick={onCancel}>
          Cancel request
        </button>
      )}
      {!isKept(kind) && kind !== "sending" && onDismiss && (
        <button type="button" css={action} onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  )
}
