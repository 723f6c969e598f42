/*
 * What the Leads app's service worker does (sw.ts, served as /admin/leads/sw.js with that folder as its scope):
 * every push shows a notification, as browsers require of a push the user can see, with the words the Worker
 * wrote (worker/notify/request-push.ts) or plain ones when a push carries none; a tap opens or focuses the
 * Leads view at the request (#<ref>), where its call button is. It answers no fetch: pages load as they would
 * without it.
 */
import { isReference } from "../../lib/estimate/reference"
import { iconFile } from "./app"

/** The little of a service worker's global scope this uses (the site's TypeScript settings are the page's). */
export interface PushWorkerScope {
  registration: { scope: string; showNotification: (title: string, options: NotificationOptions) => Promise<void> }
  clients: {
    matchAll: (options: { type: "window"; includeUncontrolled: boolean }) => Promise<WindowClientLike[]>
    openWindow: (url: string) => Promise<unknown>
  }
  addEventListener: <K extends keyof WorkerEvents>(type: K, listener: (event: WorkerEvents[K]) => void) => void
}

export interface WindowClientLike {
  url: string
  focus: () => Promise<unknown>
  navigate: (url: string) => Promise<unknown>
}

interface ExtendableEventLike {
  waitUntil: (work: Promise<unknown>) => void
}

export interface WorkerEvents {
  push: ExtendableEventLike & { data: { text: () => string } | null }
  notificationclick: ExtendableEventLike & { notification: { data: unknown; close: () => void } }
}

interface Shown {
  title: string
  body: string
  ref?: string
  tag?: string
}

const FALLBACK: Shown = { title: "New estimate request", body: "Open Leads to see it and call back." }

/** The notification a push's text asks for; the plain one when it asks for none that can be shown. */
export function notificationOf(text: string | undefined): Shown {
  try {
    const message = JSON.parse(text ?? "") as Partial<Record<keyof Shown, unknown>>
    const field = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined)
    const title = field(message.title)
    if (!title) return FALLBACK
    return { title, body: field(message.body) ?? "", ref: field(message.ref), tag: field(message.tag) }
  } catch {
    return FALLBACK
  }
}

/** The Leads view's address at the request `ref`, or at the top without one. */
export const requestAddress = (scope: string, ref: unknown) => (isReference(ref) ? `${scope}#${ref}` : scope)

async function open(scope: PushWorkerScope, address: string) {
  const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true })
  const leads = windows.find(client => client.url.startsWith(scope.registration.scope))
  if (!leads) return scope.clients.openWindow(address)
  await leads.focus()
  return leads.navigate(address)
}

export function servePushes(scope: PushWorkerScope): void {
  scope.addEventListener("push", event => {
    let text: string | undefined
    try {
      text = event.data?.text()
    } catch {
      text = undefined
    }
    const shown = notificationOf(text)
    event.waitUntil(
      scope.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        data: { ref: shown.ref },
        icon: `${scope.registration.scope}${iconFile(192)}`,
      }),
    )
  })
  scope.addEventListener("notificationclick", event => {
    event.notification.close()
    const { ref } = (event.notification.data ?? {}) as { ref?: unknown }
    event.waitUntil(open(scope, requestAddress(scope.registration.scope, ref)))
  })
}
