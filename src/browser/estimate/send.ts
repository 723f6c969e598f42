import { init, send } from "@emailjs/browser"
import { readEmailjsConfig } from "../../lib/estimate/config"
import type { Lead } from "../../lib/estimate/lead"
import { templateParams, type TemplateParams } from "../../lib/estimate/lead-message"

import { RETRY_PAUSE_MS, SEND_TIMEOUT_MS } from "../../lib/estimate/send-timing"

export { RETRY_PAUSE_MS, SEND_TIMEOUT_MS }
// A retry with less time than this left would only turn into a timeout.
const MIN_RETRY_MS = 2_000

export class SendTimeoutError extends Error {
  constructor(ms: number) {
    super(`EmailJS did not answer within ${Math.round(ms / 1000)} s`)
    this.name = "SendTimeoutError"
  }
}

/**
 * network: no connection reached the service (offline, DNS, a dropped link); unavailable: the service
 * answered 5xx or 429; refused: it answered another 4xx, or the build has no EmailJS settings, which no
 * retry can fix; timeout: no answer in time, so the request may or may not have arrived.
 */
export type SendFailure = "network" | "unavailable" | "refused" | "timeout"

/**
 * EmailJS's answer, read here alone: @emailjs/browser rejects with (and resolves to) `{ status, text }` for an
 * HTTP answer, and passes fetch's TypeError through; anything else has no status.
 */
const answerOf = (value: unknown): { status?: number; text: string } => {
  const { status, text } = (value ?? {}) as { status?: unknown; text?: unknown }
  return typeof status === "number" ? { status, text: typeof text === "string" ? text : "" } : { text: "" }
}

export const describe = (value: unknown) => {
  const { status, text } = answerOf(value)
  return status === undefined ? String(value) : `HTTP ${status} ${text}`.trim()
}

/** A failure of the mail service: its kind, and EmailJS's status and words when it answered. */
export class SendError extends Error {
  readonly status?: number
  readonly text: string
  constructor(
    readonly failure: SendFailure,
    readonly original: unknown,
  ) {
    super(
      `Sending the estimate failed (${failure}): ${original instanceof Error ? original.message : describe(original)}`,
    )
    this.name = "SendError"
    const { status, text } = answerOf(original)
    this.status = status
    this.text = text
  }
}

export function classifyFailure(error: unknown): SendFailure {
  if (error instanceof SendError) return error.failure
  if (error instanceof SendTimeoutError) return "timeout"
  const { status } = answerOf(error)
  if (status === undefined) return error instanceof TypeError ? "network" : "refused"
  if (status === 0) return "network"
  if (status === 429 || status >= 500) return "unavailable"
  return "refused"
}

/** Any failure of a send as a SendError, classified. */
export const asSendError = (error: unknown): SendError =>
  error instanceof SendError ? error : new SendError(classifyFailure(error), error)

const isTransient = (failure: SendFailure) => failure === "network" || failure === "unavailable"

const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(SEND_TIMEOUT_MS)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export interface SendOptions {
  /** Set when a request kept on the device goes out later: the message says when. */
  deliveredLate?: Date
}

/** Sends a lead through EmailJS (sendParams). */
export const sendLead = (lead: Lead, businessName: string, options: SendOptions = {}): Promise<void> =>
  sendParams(templateParams(lead, businessName, options))

/**
 * Sends template parameters through EmailJS. Resolves only on status 200 or text "OK". A network error,
 * a 5xx or a 429 is tried once more after a short pause, within the same 15 s; everything else rejects
 * with a SendError saying what kind of failure it was.
 */
export async function sendParams(params: TemplateParams): Promise<void> {
  // The monotonic clock: a device clock moved while sending changes nothing.
  const deadline = performance.now() + SEND_TIMEOUT_MS
  let config
  try {
    config = readEmailjsConfig()
  } catch (error) {
    throw new SendError("refused", error)
  }
  init({ publicKey: config.publicKey }, config.origin)
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await withTimeout(
        send(config.serviceId, config.templateId, params),
        deadline - performance.now(),
      )
      if (response?.status === 200 || response?.text === "OK") return
      throw new SendError("refused", response)
    } catch (error) {
      const failure = classifyFailure(error)
      const retry =
        attempt === 1 && isTransient(failure) && deadline - performance.now() - RETRY_PAUSE_MS >= MIN_RETRY_MS
      if (!retry) throw asSendError(error)
      console.warn(`Sending the estimate failed (${describe(error)}); trying once more`)
      await wait(RETRY_PAUSE_MS)
    }
  }
}
