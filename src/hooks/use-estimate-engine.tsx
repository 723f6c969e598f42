/**
 * The estimate form's engine, loaded on demand: Formik, yup and EmailJS arrive with import() on the
 * visitor's first focus, press, input or submit, so none of it weighs on the first load. A submit made
 * before the engine arrives (or before the page's code ran at all: src/browser/estimate/early-submit.ts) is
 * kept and handed to the engine when it starts.
 */
import { memo, useCallback, useLayoutEffect, useRef, useState, type FormEvent, type ReactElement } from "react"
import { emailjsOrigin } from "../lib/estimate/config"
import { draftIds } from "../browser/estimate/draft"
import { currentPage, readFormValues } from "../browser/estimate/form-inputs"
import { cleanText } from "../lib/estimate/fields"
import { leadFrom } from "../lib/estimate/lead"
import { preconnect } from "../browser/estimate/preconnect"
import type { EstimateFormControls, EstimateFormOptions, UseEstimateForm } from "./use-estimate-form"

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

export interface EstimateEngine {
  /** Rendered anywhere in the form's tree once the engine has arrived. */
  host: ReactElement | null
  controls: EstimateFormControls | null
  submitting: boolean
  /** Starts loading the engine. */
  wake: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** A submit that did not come through the form's onSubmit: one held before the page's code ran. */
  submitHeld: () => void
}

export function useEstimateEngine(options: Omit<EstimateFormOptions, "submitOnStart" | "startedAt">): EstimateEngine {
  const loading = useRef(false)
  const touchedAt = useRef<number | null>(null)
  const submitRequested = useRef(false)
  const [engine, setEngine] = useState<{ useEstimateForm: UseEstimateForm } | null>(null)
  const [controls, setControls] = useState<EstimateFormControls | null>(null)
  const [waitingToSubmit, setWaitingToSubmit] = useState(false)

  const wake = () => {
    touchedAt.current ??= performance.now()
    if (loading.current) return
    loading.current = true
    preconnect(emailjsOrigin())
    import(/* webpackChunkName: "estimate-engine" */ "./use-estimate-form").then(
      module => setEngine({ useEstimateForm: module.useEstimateForm }),
      error => {
        // Offline or a stale deploy: try again on the next interaction; tell the visitor only if they
        // submitted, with the ways to send the same request through their own apps.
        console.error(error)
        loading.current = false
        if (submitRequested.current) {
          const typed = readFormValues(options.formRef.current)
          const request = { name: cleanText(typed.name).trim(), phone: cleanText(typed.phone).trim() }
          const lead = request.name && request.phone ? leadFrom(request, draftIds(), currentPage()) : undefined
          options.onNotice({ kind: "error", lead })
        }
        submitRequested.current = false
        setWaitingToSubmit(false)
      },
    )
  }

  const submitHeld = () => {
    options.onNotice(null)
    submitRequested.current = true
    setWaitingToSubmit(true)
    wake()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (controls) return controls.handleSubmit(event)
    event.preventDefault()
    submitHeld()
  }

  const startedAt = useCallback(() => touchedAt.current ?? performance.now(), [])

  const host = engine ? (
    <EngineHost
      {...options}
      useEstimateForm={engine.useEstimateForm}
      submitOnStart={submitRequested.current}
      startedAt={startedAt}
      onControls={setControls}
    />
  ) : null

  return { host, controls, submitting: controls ? controls.submitting : waitingToSubmit, wake, onSubmit, submitHeld }
}
