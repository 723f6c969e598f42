import { object, string, type InferType } from "yup"
import { cleanText, limits, messages } from "./fields"

// Invisible format characters are removed first (cleanText), then trim() runs before the checks, so spaces
// around a value never count toward its length; required() carries the too-short message because Formik
// turns an empty input into undefined.
const clean = (value: unknown) => (typeof value === "string" ? cleanText(value) : value)

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  string().transform(clean).trim().required(tooShort).min(min, tooShort).max(max, tooLong)

export const estimateSchema = object({
  name: text(limits.nameMin, limits.nameMax, messages.nameTooShort, messages.nameTooLong),
  phone: text(limits.phoneMin, limits.phoneMax, messages.phoneTooShort, messages.phoneTooLong),
})

export type EstimateRequest = InferType<typeof estimateSchema>
