import { object, string, type InferType } from "yup"
import { limits, messages } from "./fields"

// trim() runs before the checks, so spaces around a value never count toward its length; required()
// carries the too-short message because Formik turns an empty input into undefined.
export const estimateSchema = object({
  name: string()
    .trim()
    .required(messages.nameTooShort)
    .min(limits.nameMin, messages.nameTooShort)
    .max(limits.nameMax, messages.nameTooLong),
  phone: string()
    .trim()
    .required(messages.phoneTooShort)
    .min(limits.phoneMin, messages.phoneTooShort)
    .max(limits.phoneMax, messages.phoneTooLong),
})

export type EstimateRequest = InferType<typeof estimateSchema>
