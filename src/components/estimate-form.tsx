import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
} from "react"
import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { emailjsOrigin } from "../lib/estimate/config"
import { loadDraft, saveDraft } from "../lib/estimate/draft"
import { fillEmptyInputs, limits, readFormValues, type Notice } from "../lib/estimate/fields"
import { preconnect } from "../lib/estimate/preconnect"
import type { EstimateFormControls, EstimateFormOptions, UseEstimateForm } from "../lib/estimate/use-estimate-form"
import { primaryButton, visuallyHidden } from "../styles/shared"
import { colors, fontSizes, fontWeights, radii, scripting, sizes, space } from "../styles/theme"
import { PhoneLink } from "./phone-link"

// Without scripts the form cannot send: the section's <noscript> note gives the number to call instead.
const wrapper = css`
  max-width: ${sizes.prose};
  ${scripting.none} {
    display: none;
  }
`

const form = css`
  display: grid;
  gap: ${space.lg};
`

const field = css`
  display: grid;
  gap: ${space.xs};
`

const label = css`
  font-weight: ${fontWeights.semibold};
`

const input = css`
  width: 100%;
  min-height: ${sizes.tapTarget};
  padding: ${space.xs} ${space.sm};
  border: ${sizes.border} solid ${colors.lineStrong};
  border-radius: ${radii.md};
  background: ${colors.paper};
  color: ${colors.ink};
  font: inherit;
  &:focus {
    outline: ${sizes.focusRing} solid ${colors.focus};
    outline-offset: ${sizes.border};
  }
  &[aria-invalid="true"] {
    border: ${sizes.borderThick} solid ${colors.danger};
  }
`

const fieldError = css`
  margin: 0;
  color: ${colors.danger};
  font-size: ${fontSizes.small};
  font-weight: ${fontWeights.semibold};
`

const submit = css`
  ${primaryButton};
  justify-self: start;
  &:disabled {
    background: ${colors.inkMuted};
    cursor: progress;
  }
`

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
`

const success = css`
  ${notice};
  background: ${colors.successSurface};
  border-color: ${colors.success};
`

const failure = css`
  ${notice};
  background: ${colors.dangerSurface};
  border-color: ${colors.danger};
`

const noticeTitle = css`
  font-weight: ${fontWeights.bold};
`

const dismiss = css`
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

// Off-screen rather than display:none, which some bots skip; aria-hidden and tabIndex -1 keep it from people.
const honeypot = css`
  ${visuallyHidden};
`

type HostProps = EstimateFormOptions & {
  useEstimateForm: UseEstimateForm
  onControls: (controls: EstimateFormControls) => void
}

// Renders nothing: it runs the lazily loaded hook and hands its state up, so the inputs rendered by
// EstimateForm stay the same DOM nodes when the engine arrives (no lost focus, no closing phone keyboard).
const EngineHost = memo(function EngineHost({ useEstimateForm, onControls, ...options }: HostProps) {
  const controls = useEstimateForm(options)
  useLayoutEffect(() => onControls(controls))
  return null
})

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string
  errorId: string
  label: string
  error?: string
}

/** A labelled, required input with its error message underneath, tied to it for screen readers. */
function FormField({ id, errorId, label: text, error, ...inputProps }: FormFieldProps) {
  return (
    <div css={field}>
      <label htmlFor={id} css={label}>
        {text}
      </label>
      <input
        id={id}
        {...inputProps}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        css={input}
      />
      {error && (
        <p id={errorId} css={fieldError}>
          {error}
        </p>
      )}
    </div>
  )
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

/**
 * The estimate form. The server renders the whole form; Formik, yup and EmailJS load on the first
 * focus, press, input or submit, and anything typed or submitted meanwhile is kept and handled.
 */
export function EstimateForm() {
  const business = useBusiness()
  // useId gives ":R1:"; validators want an id that starts with a letter and has no colons.
  const id = `estimate-${useId().replace(/[^\w-]/g, "")}`
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const loading = useRef(false)
  const submitRequested = useRef(false)
  const [engine, setEngine] = useState<{ useEstimateForm: UseEstimateForm } | null>(null)
  const [controls, setControls] = useState<EstimateFormControls | null>(null)
  const [waitingToSubmit, setWaitingToSubmit] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)

  useEffect(() => {
    const draft = loadDraft()
    if (draft && formRef.current) fillEmptyInputs(formRef.current, draft)
  }, [])

  const wake = () => {
    if (loading.current) return
    loading.current = true
    preconnect(emailjsOrigin())
    import(/* webpackChunkName: "estimate-engine" */ "../lib/estimate/use-estimate-form").then(
      module => setEngine({ useEstimateForm: module.useEstimateForm }),
      error => {
        // Offline or a stale deploy: try again on the next interaction; tell the visitor only if they submitted.
        console.error(error)
        loading.current = false
        if (submitRequested.current) setNotice("error")
        submitRequested.current = false
        setWaitingToSubmit(false)
      },
    )
  }

  const submitBeforeEngine = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNotice(null)
    submitRequested.current = true
    setWaitingToSubmit(true)
    wake()
  }

  const onInput = () => {
    wake()
    if (!controls) saveDraft(readFormValues(formRef.current))
  }

  const dismissNotice = () => {
    setNotice(null)
    // The dismiss button disappears with the notice; keep focus in the form rather than on the page.
    submitRef.current?.focus()
  }

  const errors = controls?.errors ?? {}
  const submitting = controls ? controls.submitting : waitingToSubmit
  const ids = {
    name: `${id}-name`,
    nameError: `${id}-name-error`,
    phone: `${id}-phone`,
    phoneError: `${id}-phone-error`,
    website: `${id}-website`,
  }

  return (
    <div css={wrapper}>
      {engine && (
        <EngineHost
          useEstimateForm={engine.useEstimateForm}
          formRef={formRef}
          businessName={business.name}
          submitOnStart={submitRequested.current}
          onNotice={setNotice}
          onControls={setControls}
        />
      )}
      <form
        ref={formRef}
        css={form}
        // POST keeps a name and number out of the address bar if someone submits before hydration.
        method="post"
        noValidate
        onFocus={wake}
        onPointerDown={wake}
        onInput={onInput}
        onSubmit={controls ? controls.handleSubmit : submitBeforeEngine}
      >
        <FormField
          id={ids.name}
          errorId={ids.nameError}
          label="Name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={limits.nameMax}
          error={errors.name}
          onChange={controls?.handleChange}
        />
        <FormField
          id={ids.phone}
          errorId={ids.phoneError}
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={limits.phoneMax}
          error={errors.phone}
          onChange={controls?.handleChange}
        />
        <div aria-hidden="true" css={honeypot}>
          <label htmlFor={ids.website}>Website</label>
          <input
            id={ids.website}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            onChange={controls?.handleChange}
          />
        </div>
        <button ref={submitRef} type="submit" disabled={submitting} css={submit}>
          {submitting ? "Submitting..." : "Get My Free Estimate"}
        </button>
      </form>
      {/* Both live regions are always in the page: screen readers announce content added to a region they already know. */}
      <div role="status">
        {notice === "success" && (
          <div css={success}>
            <div>
              <p css={noticeTitle}>{"Your estimate request has been sent! We'll contact you soon."}</p>
              <p>Thank you for choosing {sentence(business.name)}</p>
            </div>
            <button type="button" css={dismiss} onClick={dismissNotice}>
              Dismiss
            </button>
          </div>
        )}
      </div>
      <div role="alert">
        {notice === "error" && (
          <div css={failure}>
            <div>
              <p css={noticeTitle}>There was an error submitting your request. Please try again.</p>
              <p>
                Or call us now at <PhoneLink phone={business.phone} />.
              </p>
            </div>
            <button type="button" css={dismiss} onClick={dismissNotice}>
              Dismiss
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
