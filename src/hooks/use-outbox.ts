import { useSyncExternalStore } from "react"
import { outboxStore, type OutboxState } from "../browser/estimate/outbox"
import type { EstimateNoticeKind } from "../lib/estimate/notice"

/** The outbox's state (src/browser/estimate/outbox.ts), re-rendering on every change. */
export const useOutbox = (): OutboxState =>
  useSyncExternalStore(outboxStore.subscribe, outboxStore.getSnapshot, outboxStore.getServerSnapshot)

/** The notice that tells the visitor what became of the kept request. */
export function outboxNotice(outbox: Exclude<OutboxState, { status: "empty" }>): EstimateNoticeKind {
  switch (outbox.status) {
    case "waiting":
      return outbox.saved.reason === "service" ? "retrying" : "waiting"
    case "sent":
      return "success"
    case "failed":
      return "error"
    default:
      return outbox.status
  }
}
