/**
 * The estimate form's inputs in the page, read and written by the engine (src/hooks/use-estimate-form.ts) and
 * the shell: what was typed, including before the code arrived, and the page the form is on.
 */
import { HONEYPOT_FIELD, visibleFields, type EstimateValues, type VisibleField } from "../../lib/estimate/fields"

const input = (form: HTMLFormElement, name: keyof EstimateValues) =>
  form.elements.namedItem(name) as HTMLInputElement | null

/** What the inputs hold now, including anything typed before the engine arrived. */
export const readFormValues = (form: HTMLFormElement | null): EstimateValues => ({
  name: (form && input(form, "name")?.value) ?? "",
  phone: (form && input(form, "phone")?.value) ?? "",
  extraInfo: (form && input(form, HONEYPOT_FIELD)?.value) ?? "",
})

/** Fills empty inputs only, so text typed before hydration is never overwritten. */
export const fillEmptyInputs = (form: HTMLFormElement, values: Partial<EstimateValues>) => {
  for (const name of visibleFields) {
    const field = input(form, name)
    const value = values[name]
    if (field && !field.value && value) field.value = value
  }
}

export const focusField = (form: HTMLFormElement | null, name: VisibleField) => {
  if (form) input(form, name)?.focus()
}

/** The page the visitor is on, as the business should read it. */
export const currentPage = () => ({ title: document.title, path: window.location.pathname })
