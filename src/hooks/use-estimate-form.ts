/**
 * The interactive half of the estimate form: Formik state, the yup checks and the delivery (the site's inbox,
 * then EmailJS: src/browser/estimate/deliver.ts). It is
 * loaded with import() on the visitor's first interaction, so none of it weighs on the initial page.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from "react"
import { useFormik, type FormikErrors } from "formik"
import { reportConversion } from "../browser/estimate/conversion"
import { clearDraft, draftIds } from "../browser/estimate/draft"
import { currentPage, fillEmptyInputs, focusField, readFormValues } from "../browser/estimate/form-inputs"
import { nativeChecked } from "../browser/estimate/early-submit"
import { emptyValues, visibleFields, type EstimateValues } from "../lib/estimate/fields"
import type { Notice } from "../lib/estimate/notice"
import { honeypotVerdict } from "../lib/estimate/honeypot"
import { leadFrom } from "../lib/estimate/lead"
import { keepForLater } from "../browser/estimate/outbox"
import { estimateSchema } from "../lib/estimate/schema"
import { deliverLead, type Delivery } from "../browser/estimate/deliver"
import { storeInInbox } from "../browser/estimate/inbox"
import { SendError } from "../browser/estimate/send"
import { whyUnreachable } from "../browser/estimate/reachability"

export interface EstimateFormOptions {
  formRef: RefObject<HTMLFormElement>
  businessName: string
  /** The form's id: the outbox shows its notices in this form while it is on the page. */
  owner: string
  onNotice: (notice: Notice | null) => void
  /** When the visitor first touched the form (performance.now()): the honeypot's measure of a person. */
  startedAt: () => number
  /** The visitor submitted before this module arrived. */
  submitOnStart: boolean
}

export interface EstimateFormControls {
  errors: FormikErrors<EstimateValues>
  submitting: boolean
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => void
  /** Puts values back in the form, as the visitor typed them: a cancelled request that was kept. */
  restore: (values: Pick<EstimateValues, "name" | "phone">) => void
}

export type UseEstimateForm = (options: EstimateFormOptions) => EstimateFormControls

export const useEstimateForm: UseEstimateForm = ({
  formRef,
  businessName,
  owner,
  onNotice,
  startedAt,
  submitOnStart,
}) => {
  // Set synchronously on submit, before any re-render can disable the button, so a double click or
  // an Enter while sending is ignored.
  const busy = useRef(false)
  // The inputs are uncontrolled: whatever was typed before this module loaded is in the DOM.
  const [initialValues] = useState(() => readFormValues(formRef.current))
  // A press the browser checked before this module came counts as the first attempt: the fields it showed words
  // under keep words, now the engine's.
  const [checkedBefore, setCheckedBefore] = useState(() => nativeChecked(formRef.current))

  const formik = useFormik<EstimateValues>({
    initialValues,
    validationSchema: estimateSchema,
    validateOnBlur: false,
    onSubmit: async (values, { resetForm }) => {
      const done = () => {
        clearDraft()
        setCheckedBefore(false)
        resetForm({ values: emptyValues })
        formRef.current?.reset()
      }
      const verdict = honeypotVerdict(values.extraInfo, performance.now() - startedAt())
      const lead = {
        ...leadFrom(estimateSchema.cast(values), draftIds(), currentPage()),
        ...(verdict === "possible-spam" ? { possibleSpam: true } : {}),
      }
      // A filled honeypot sent faster than a person types is a bot's: the success notice, and no e-mail; the
      // site's inbox, where there is one, keeps it with its verdict.
      if (verdict === "bot") {
        void storeInInbox(lead, "bot")
        done()
        onNotice({ kind: "success" })
        return
      }
      const delivery: Delivery = navigator.onLine
        ? await deliverLead(lead, businessName)
        : { outcome: "failed", error: new SendError("network", new Error("The browser is offline")) }
      if (delivery.outcome !== "failed") {
        // Received by the inbox, the e-mail not out yet: it is tried again from the outbox, without a word here.
        if (delivery.outcome === "stored" && delivery.retry) keepForLater(lead, businessName, owner, { stored: true })
        reportConversion()
        done()
        onNotice({ kind: "success", lead })
        return
      }
      const { error } = delivery
      if (error.failure === "network") {
        // Offline, the request waits on the device and the outbox's notice takes over. Online, with the
        // site answering, the mail service is blocked from this browser: no wait will send it.
        if ((await whyUnreachable()) === "blocked") {
          console.error(error)
          onNotice({ kind: "blocked", lead })
          return
        }
        if (keepForLater(lead, businessName, owner)) {
          console.warn(error)
          done()
          return
        }
        // Offline, and the device would not keep it: said at once, with the other ways, the values kept.
        console.error(error)
        onNotice({ kind: "unsaved", lead })
        return
      }
      console.error(error)
      onNotice({ kind: "error", lead })
    },
  })

  const handleSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault()
    if (busy.current) return
    busy.current = true
    // Cleared first so the next notice, even an identical one, is announced again.
    onNotice(null)
    formik
      .submitForm()
      .catch(console.error)
      .finally(() => {
        busy.current = false
      })
  }

  // A passive effect, declared after useFormik, so Formik already counts itself mounted when it runs.
  const [startPending, setStartPending] = useState(submitOnStart)
  useEffect(() => {
    if (!submitOnStart) return
    handleSubmit()
    setStartPending(false)
    // Only the submit made while this module loaded; later ones come through the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (checkedBefore) void formik.validateForm()
    // Once, when the engine starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const { submitCount, isSubmitting, errors } = formik
  useEffect(() => {
    if (submitCount === 0 || isSubmitting) return
    const firstInvalid = visibleFields.find(name => errors[name])
    if (firstInvalid) focusField(formRef.current, firstInvalid)
    // Once per settled submit attempt, not on every keystroke that changes the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, isSubmitting])

  return {
    // Checked on submit: errors computed while typing stay hidden until the first attempt.
    errors: submitCount > 0 || checkedBefore ? errors : {},
    submitting: isSubmitting || startPending,
    handleChange: formik.handleChange,
    handleSubmit,
    restore: ({ name, phone }) => {
      void formik.setValues({ ...emptyValues, name, phone })
      const form = formRef.current
      if (form) fillEmptyInputs(form, { name, phone })
    },
  }
}
