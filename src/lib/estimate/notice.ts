import type { Lead } from "./lead"

/**
 * What a visitor is told about a request. success: sent. error: not sent, nothing kept. blocked: online,
 * but the mail service cannot be reached from this browser (a content blocker, a filter), so nothing is kept
 * to retry. unsaved: offline, and the browser would not keep the request (storage full or refused).
 * waiting: kept on the device until the connection is back. retrying: kept on the device because the mail
 * service did not take it (429, 5xx, no answer), sent again on the next page. sending: a kept request going
 * out. expired: a kept request dropped for its age.
 */
export type EstimateNoticeKind =
  "success" | "error" | "blocked" | "unsaved" | "waiting" | "retrying" | "sending" | "expired"

/** The notices that report a problem, announced in an alert region; the others in a status region. */
export const isAlert = (kind: EstimateNoticeKind) =>
  kind === "error" || kind === "blocked" || kind === "unsaved" || kind === "expired"

/** The notices of a request kept on the device, which the visitor can still cancel. */
export const isKept = (kind: EstimateNoticeKind) => kind === "waiting" || kind === "retrying"

/** The form's own notice; the outbox's notices (a request kept on the device) come from the outbox. */
export type Notice = { kind: "success"; lead?: Lead } | { kind: "error" | "blocked" | "unsaved"; lead?: Lead }
