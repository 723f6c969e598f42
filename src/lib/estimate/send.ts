import { init, send } from "@emailjs/browser"
import { readEmailjsConfig } from "./config"
import type { EstimateRequest } from "./schema"

/** A send that has not answered by then counts as failed, so the visitor is never left waiting. */
export const SEND_TIMEOUT_MS = 15_000

export const templateParams = ({ name, phone }: EstimateRequest, businessName: string) => ({
  to_name: businessName,
  from_name: name,
  phone_number: phone,
  message: `New estimate request from ${name}, phone ${phone}.`,
})

export class SendTimeoutError extends Error {
  constructor(ms: number) {
    super(`EmailJS did not answer within ${ms / 1000} s`)
    this.name = "SendTimeoutError"
  }
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(ms)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Sends the estimate request through EmailJS. Resolves only on status 200 or text "OK"; every other
 * outcome (missing configuration, HTTP error, network error, client rate limit, timeout) rejects.
 */
export async function sendEstimate(request: EstimateRequest, businessName: string): Promise<void> {
  const config = readEmailjsConfig()
  init({ publicKey: config.publicKey }, config.origin)
  const response = await withTimeout(
    send(config.serviceId, config.templateId, templateParams(request, businessName)),
    SEND_TIMEOUT_MS,
  )
  if (response?.status !== 200 && response?.text !== "OK") {
    throw new Error(`EmailJS answered ${response?.status} ${response?.text}`)
  }
}
