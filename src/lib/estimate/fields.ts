/** The estimate form's fields and limits, shared by the server-rendered shell and the lazily loaded engine. */
export const limits = {
  nameMin: 2,
  nameMax: 100,
  phoneMin: 10,
  phoneMax: 30,
} as const

export const messages = {
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: `Name must be at most ${limits.nameMax} characters`,
  phoneTooShort: "Please enter a valid phone number",
  phoneTooLong: `Phone number must be at most ${limits.phoneMax} characters`,
} as const

/** `website` is the honeypot: people never see it, so anything in it was typed by a bot. */
export interface EstimateValues {
  name: string
  phone: string
  website: string
}

export type VisibleField = "name" | "phone"

/** In the order they appear, so a failed check can focus the first invalid one. */
export const visibleFields: readonly VisibleField[] = ["name", "phone"]

export const emptyValues: EstimateValues = { name: "", phone: "", website: "" }

const input = (form: HTMLFormElement, name: keyof EstimateValues) =>
  form.elements.namedItem(name) as HTMLInputElement | null

/** What the inputs hold now, including anything typed before the engine arrived. */
export const readFormValues = (form: HTMLFormElement | null): EstimateValues => ({
  name: (form && input(form, "name")?.value) ?? "",
  phone: (form && input(form, "phone")?.value) ?? "",
  website: (form && input(form, "website")?.value) ?? "",
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
