import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react"
import { Link } from "gatsby"
import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { useEstimateEngine } from "../hooks/use-estimate-engine"
import { outboxNotice, useOutbox } from "../hooks/use-outbox"
import { loadDraft, saveDraft } from "../browser/estimate/draft"
import {
  HELD_ATTRIBUTE,
  HOLD_ATTRIBUTE,
  nativeChecked,
  nativeCheckMessages,
  takeHeldSubmit,
  takeNativeChecks,
} from "../browser/estimate/early-submit"
import { fillEmptyInputs, readFormValues } from "../browser/estimate/form-inputs"
import { HONEYPOT_FIELD, limits, visibleFields, type VisibleField } from "../lib/estimate/fields"
import { INBOX_FORM_PATH } from "../lib/estimate/inbox-contract"
import { isAlert, type Notice } from "../lib/estimate/notice"
import { cancelSaved, dismissOutboxNotice, releaseOutbox } from "../browser/estimate/outbox"
import { paths } from "../lib/paths"
import { primaryButton, visuallyHidden } from "../styles/shared"
import { colors, fontSizes, HYDRATED_ATTRIBUTE, sizes, space } from "../styles/theme"
import { EstimateNotice, type EstimateNoticeProps } from "./estimate-notice"
import { FormField, type FormFieldProps } from "./form-field"

// Offered only after a request is sent, so its code is not part of the page's first load.
const EstimateFollowUp = lazy(() => import(/* webpackChunkName: "estimate-follow-up" */ "./estimate-follow-up"))

// Without scripts the form sends itself to the site's inbox (its action), which answers a page with the reference.
const wrapper = css`
  max-width: ${sizes.prose};
`

const form = css`
  display: grid;
  gap: ${space.lg};
`

// A submit held before the page's code ran (early-submit.ts) looks like one being sent.
const submit = css`
  ${primaryButton};
  justify-self: start;
  &:disabled,
  form[${HELD_ATTRIBUTE}] & {
    background: ${colors.inkMuted};
    cursor: progress;
  }
`

const consent = css`
  margin: 0;
  color: ${colors.inkMuted};
  font-size: ${fontSizes.small};
`

// Off-screen rather than display:none, which some bots skip. aria-hidden and tabIndex -1 keep it from people and
// their assistive tools; a name and label no autofill recognises, autocomplete="off" and the password managers'
// own opt-out attributes keep it from their tools.
const honeypot = css`
  ${visuallyHidden};
`

// The inputs in visibleFields' order, each with its id and error id made from the form's id and its name. Their
// required and minLength are the browser's check until the form's engine arrives (early-submit.ts).
const inputs: Record<
  VisibleField,
  Pick<FormFieldProps, "label" | "type" | "autoComplete" | "minLength" | "maxLength">
> = {
  name: { label: "Name", type: "text", autoComplete: "name", minLength: limits.nameMin, maxLength: limits.nameMax },
  phone: { label: "Phone", type: "tel", autoComplete: "tel", minLength: limits.phoneMin, maxLength: limits.phoneMax },
}

/** What a visitor agrees to by sending, the same under every form: read with the button. */
export const consentLine = (businessName: string) =>
  `Sending asks ${businessName} to call or text this number about your estimate. ` +
  "It is not a condition of buying anything."

/**
 * The estimate form. The server renders the whole form; its engine (Formik, yup, EmailJS) loads on the
 * first interaction (useEstimateEngine). Until it has arrived, the browser checks a press on the fields' own
 * attributes; a press that passes before any of the page's code ran is held by the page's inline script and
 * sent when the form starts (src/browser/estimate/early-submit.ts). A request
 * that finds no network waits in the outbox, whose notices this form shows while it is on the page.
 */
export function EstimateForm() {
  const business = useBusiness()
  // useId gives ":R1:"; validators want an id that starts with a letter and has no colons.
  const id = `estimate-${useId().replace(/[^\w-]/g, "")}`
  const formRef = useRef<HTMLFormElement | null>(null)
  // Marked as React takes the form, in the same commit: from then on the page's inline script lets presses, keys
  // and focus on it reach React (early-submit.ts).
  const takeForm = useCallback((element: HTMLFormElement | null) => {
    formRef.current = element
    element?.setAttribute(HYDRATED_ATTRIBUTE, "")
  }, [])
  const submitRef = useRef<HTMLButtonElement>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  // The request whose follow-up details may be offered: the first sent from this form. Whether this browser
  // was asked before is the follow-up's own chunk's to check (estimate-follow-up.tsx), loaded after the send.
  const [offeredFor, setOfferedFor] = useState<string | null>(null)
  // Stable, like the state setter it wraps: the engine re-renders when its options change.
  const onNotice = useCallback((next: Notice | null) => {
    setNotice(next)
    const lead = next?.kind === "success" ? next.lead : undefined
    if (lead && !lead.possibleSpam) setOfferedFor(offered => offered ?? lead.ref)
  }, [])
  const engine = useEstimateEngine({ formRef, businessName: business.name, owner: id, onNotice })
  const outbox = useOutbox()
  const kept = outbox.status !== "empty" && outbox.owner === id ? outbox : null

  useEffect(() => {
    const element = formRef.current
    if (takeHeldSubmit(element)) {
      engine.submitHeld()
    } else if (element) {
      const draft = loadDraft()
      if (draft) fillEmptyInputs(element, draft)
      // The page's code loads on the visitor's first action: a touch of the form, typing in it or a press the
      // browser checked came before this form hydrated, and no handler here saw it. The engine comes now, as it
      // would have on that touch.
      const typed = readFormValues(element)
      if (element.contains(document.activeElement) || typed.name || typed.phone || nativeChecked(element)) {
        engine.wake()
        saveDraft(typed)
      }
    }
    return () => releaseOutbox(id)
    // Once, when the form starts: the submit it finds held was made before any code ran.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Until the engine has arrived the browser answers a press that is empty or too short, at once and on the
  // field, and then shows its words under each field until the letter that mends it; from then the engine does.
  const engineReady = engine.controls !== null
  useEffect(() => {
    if (engineReady) takeNativeChecks(formRef.current)
  }, [engineReady])

  // The draft is saved here alone, from what the inputs hold, before and after the engine arrives.
  const onInput = () => {
    engine.wake()
    saveDraft(readFormValues(formRef.current))
  }

  // The buttons disappear with the notice; keep focus in the form rather than on the page.
  const dismissNotice = () => {
    setNotice(null)
    dismissOutboxNotice()
    submitRef.current?.focus()
  }

  const cancelKept = () => {
    const saved = cancelSaved()
    if (saved) engine.controls?.restore(saved.lead)
    submitRef.current?.focus()
  }

  const shown: EstimateNoticeProps | null = kept
    ? { kind: outboxNotice(kept), lead: kept.saved.lead }
    : notice && { kind: notice.kind, lead: notice.lead }
  const followUpLead = !kept && notice?.kind === "success" && notice.lead?.ref === offeredFor ? notice.lead : null
  const errors = engine.controls?.errors ?? {}
  const onChange = engine.controls?.handleChange
  const ids = {
    honeypot: `${id}-extra`,
    consent: `${id}-consent`,
  }

  return (
    <div css={wrapper}>
      {engine.host}
      <form
        ref={takeForm}
        css={form}
        // Without the page's code (switched off, blocked, or not in 10 s: early-submit.ts) the browser checks
        // the fields and posts the form to the site's inbox, which stores it and answers a page with its
        // reference; POST keeps a name and number out of the address bar. No noValidate: it is set when the
        // engine arrives, and the browser checks a press until then.
        method="post"
        action={INBOX_FORM_PATH}
        {...{ [HOLD_ATTRIBUTE]: "" }}
        // The inline script marks the form before it hydrates (a press held, a press checked): React leaves the
        // marks alone and the form's code reads them.
        suppressHydrationWarning
        onFocus={engine.wake}
        onPointerDown={engine.wake}
        onInput={onInput}
        onSubmit={engine.onSubmit}
      >
        {visibleFields.map(field => (
          <FormField
            key={field}
            id={`${id}-${field}`}
            errorId={`${id}-${field}-error`}
            name={field}
            {...inputs[field]}
            error={errors[field]}
            nativeMessage={nativeCheckMessages[field]}
            onChange={onChange}
          />
        ))}
        <div aria-hidden="true" css={honeypot}>
          <label htmlFor={ids.honeypot}>Leave this empty</label>
          <input
            id={ids.honeypot}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            data-1p-ignore=""
            data-lpignore="true"
            data-bwignore=""
            data-form-type="other"
            onChange={onChange}
          />
        </div>
        <button ref={submitRef} type="submit" disabled={engine.submitting} css={submit} aria-describedby={ids.consent}>
          {engine.submitting ? "Submitting..." : "Get My Free Estimate"}
        </button>
        <p id={ids.consent} css={consent}>
          {`${consentLine(business.name)} `}
          <Link to={paths.privacy}>Privacy policy</Link>
        </p>
      </form>
      {/* Both live regions are always in the page: screen readers announce content added to a region they already know. */}
      <div role="status">
        {shown && !isAlert(shown.kind) && (
          <EstimateNotice {...shown} onDismiss={dismissNotice} onCancel={cancelKept}>
            {followUpLead && (
              <Suspense fallback={null}>
                <EstimateFollowUp lead={followUpLead} businessName={business.name} />
              </Suspense>
            )}
          </EstimateNotice>
        )}
      </div>
      <div role="alert">{shown && isAlert(shown.kind) && <EstimateNotice {...shown} onDismiss={dismissNotice} />}</div>
    </div>
  )
}
