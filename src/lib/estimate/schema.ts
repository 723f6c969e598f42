import { object, string, type InferType } from "yup"
import { cleanText, limits, messages } from "./fields"

// Invisible format characters are removed first (cleanText), then trim() runs before the checks, so spaces
// around a value never count toward its length; required() carries the too-short message because Formik
// turns an empty input into undefined.
const clean = (value: unknown) => (typeof value === "string" ? cleanText(value) : value)

export const estimateSchema = object({
  name: string()
    .transform(clean)
    .trim()
    .required(messages.nameTooShort)
    .min(limits.nameMin, messages.nameTooShort)
    .max(limits.nameMax, messages.nameTooLong),
  phone: string()
    .transform(clean)
    .trim()
    .required(messages.phoneTooShort)
    .min(limits.phoneMin, messages.phoneTooShort)
    .max(limits.phoneMax, messages.phoneTooLong),
})

export type EstimateRequest = InferType<typeof estimateSchema>
