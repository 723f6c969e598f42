import { useEffect } from "react"
import { outboxNotice, useOutbox } from "../hooks/use-outbox"
import { cancelSaved, dismissOutboxNotice, startOutbox } from "../browser/estimate/outbox"
import { container } from "../styles/shared"
import { isAlert } from "../lib/estimate/notice"
import { EstimateNotice } from "./estimate-notice"

/**
 * On every page view: sends an estimate request kept on the device while offline (or drops it when it
 * is too old), and tells the visitor what became of it, unless the form that kept it is on the page
 * and tells them itself.
 */
export function SavedEstimateNotice() {
  const outbox = useOutbox()
  useEffect(() => startOutbox(), [])
  const shown = outbox.status !== "empty" && outbox.owner === null ? outbox : null
  const kind = shown && outboxNotice(shown)
  return (
    <div css={container}>
      <div role="status">
        {shown && kind && !isAlert(kind) && (
          <EstimateNotice kind={kind} lead={shown.saved.lead} onDismiss={dismissOutboxNotice} onCancel={cancelSaved} />
        )}
      </div>
      {/* An element with the alert role is announced when it is added, so none waits empty on every page. */}
      {shown && kind && isAlert(kind) && (
        <div role="alert">
          <EstimateNotice kind={kind} lead={shown.saved.lead} onDismiss={dismissOutboxNotice} />
        </div>
      )}
    </div>
  )
}
