import { useSyncExternalStore } from "react"
import { outboxStore, type OutboxState } from "../lib/estimate/outbox"
import type { EstimateNoticeKind } from "../lib/estimate/notice"

/** The outbox's state (src/lib/estimate/outbox.ts), re-rendering on every change. */
export const useOutbox = (): OutboxState =>
  useSyncExternalStore(outboxStore.subscribe, outboxStore.getSnapshot, outboxStore.getServerSnapshot)

/** The notice that tells the visitor what became of the kept request. */
export const outboxNotice: Record<Exclude<OutboxState["status"], "empty">, EstimateNoticeKind> = {
  waiting: "waiting",
  sending: "sending",
  sent: "success",
  failed: "error",
  blocked: "blocked",
  expired: "expired",
}
