import type { Lead } from "./lead"

/**
 * What a visitor is told about a request. success: sent. error: not sent, nothing kept. blocked: online,
 * but the mail service cannot be reached from this browser (a content blocker, a filter), so nothing is kept
 * to retry. waiting: kept on the device until the connection is back. sending: a kept request going out.
 * expired: a kept request dropped for its age.
 */
export type EstimateNoticeKind = "success" | "error" | "blocked" | "waiting" | "sending" | "expired"

/** The notices that report a problem, announced in an alert region; the others in a status region. */
export const isAlert = (kind: EstimateNoticeKind) => kind === "error" || kind === "blocked" || kind === "expired"

/** The form's own notice; the outbox's notices (a request kept while offline) come from the outbox. */
export type Notice = { kind: "success" } | { kind: "error" | "blocked"; lead?: Lead }
