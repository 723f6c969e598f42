/*
 * "Notify this phone", in the Leads view once the owner is signed in: when the host has push keys (GET
 * /api/push/key), the owner can have this device told of each new request within seconds (worker/notify/). The
 * button asks the browser's permission, subscribes with the site's public key and hands the subscription to the
 * host with the owner's sign-in; the state is said in words. The service worker is registered here, for this
 * page's folder alone (app.ts); the public site registers none. A tap on a notification lands on its request
 * (open-request.ts).
 */
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH, wordsOf } from "../../lib/estimate/inbox-contract"
import { el } from "./dom"
import { SERVICE_WORKER_FILE } from "./app"
import { followRequestAddress } from "./open-request"

const SUBSCRIPTIONS = PUSH_SUBSCRIPTIONS_PATH

export const PHONE_WORDS = {
  on: "This device is told of each new request within seconds.",
  off: "This device is not told of new requests.",
  unsupported:
    "This browser cannot show the site's notifications. On an iPhone or iPad: in Safari, Share › Add to Home Screen, then open Leads from the Home Screen and sign in there.",
  blocked:
    "Notifications are turned off for this site. Allow them in the device's settings (on an iPhone: Settings › Notifications › Leads), then press the button again.",
  working: "One moment…",
}

/** How the list of devices names this one: its kind, from what the browser says it is. */
export function deviceName(userAgent: string): string {
  const kinds: [RegExp, string][] = [
    [/iPhone/, "iPhone"],
    [/iPad/, "iPad"],
    [/Android/, "Android device"],
    [/Macintosh/, "Mac"],
    [/Windows/, "Windows computer"],
    [/Linux|CrOS/, "computer"],
  ]
  return kinds.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "browser"
}

/** The public key as the bytes `subscribe` takes (base64url, RFC 8292 › 3.2). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"))
  return Uint8Array.from(binary, character => character.charCodeAt(0))
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey
  return current !== null && new Uint8Array(current).join() === key.join()
}

interface Parts {
  button: HTMLButtonElement
  status: HTMLElement
}

function show({ button, status }: Parts, state: keyof typeof PHONE_WORDS, detail = "") {
  status.textContent = detail ? `${PHONE_WORDS[state]} ${detail}` : PHONE_WORDS[state]
  button.textContent = state === "on" ? "Stop notifying this device" : "Notify this phone"
  button.hidden = state === "unsupported"
  button.disabled = state === "working"
}

/** Asks the host to keep (POST) or forget (DELETE) a subscription; its refusal in words, or "" when done. */
async function tellHost(token: string, method: "POST" | "DELETE", subscription: PushSubscription): Promise<string> {
  const body =
    method === "POST"
      ? { ...subscription.toJSON(), device: deviceName(navigator.userAgent) }
      : { endpoint: subscription.endpoint }
  const response = await fetch(SUBSCRIPTIONS, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    cache: "no-store",
  })
  // Forgetting a device the host had already dropped (its push service said it was gone) is done too.
  return response.ok || (method === "DELETE" && response.status === 404) ? "" : wordsOf(response)
}

async function turnOn(
  parts: Parts,
  token: string,
  registration: ServiceWorkerRegistration,
  key: Uint8Array<ArrayBuffer>,
) {
  if ((await Notification.requestPermission()) !== "granted") return show(parts, "blocked")
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  const refusal = await tellHost(token, "POST", subscription)
  if (!refusal) return show(parts, "on")
  await subscription.unsubscribe()
  show(parts, "off", refusal)
}

async function turnOff(parts: Parts, token: string, subscription: PushSubscription) {
  const refusal = await tellHost(token, "DELETE", subscription)
  if (refusal) return show(parts, "on", refusal)
  await subscription.unsubscribe()
  show(parts, "off")
}

async function offer(section: HTMLElement, token: string) {
  const answer = await fetch(PUSH_KEY_PATH, { cache: "no-store" })
  // No keys on the host (or no host code at all): no push to offer, and nothing is shown.
  if (!answer.ok || !answer.headers.get("Content-Type")?.startsWith("application/json")) return
  const { publicKey } = (await answer.json()) as { publicKey: string | null }
  if (!publicKey) return
  const key = keyBytes(publicKey)
  const parts = { button: el("button", "", { type: "button" }), status: el("p", "", { role: "status" }) }
  section.setAttribute("aria-labelledby", "notify-phone")
  section.append(el("h2", "Notify this phone", { id: "notify-phone" }), parts.button, parts.status)
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return show(parts, "unsupported")
  // The button waits, disabled, until this device's state is known.
  show(parts, "working")
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_FILE, { scope: "./" })
  let subscription = await registration.pushManager.getSubscription()
  // A subscription made with keys the host no longer has reaches nobody: it is replaced on the next press.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  // Sent again on each visit, so "on" is what the host holds, not only what this browser remembers.
  const refusal = subscription ? await tellHost(token, "POST", subscription) : ""
  parts.button.addEventListener("click", () => {
    show(parts, "working")
    void registration.pushManager
      .getSubscription()
      .then(current => (current ? turnOff(parts, token, current) : turnOn(parts, token, registration, key)))
      .catch((error: unknown) => show(parts, "off", error instanceof Error ? error.message : String(error)))
  })
  show(parts, subscription && !refusal ? "on" : Notification.permission === "denied" ? "blocked" : "off", refusal)
}

/** The Leads view as the owner's phone app: the request a notification opened, and the section to be notified. */
export function ownerPhone(root: HTMLElement, token: string): void {
  followRequestAddress(root)
  // Placed now, so a redraw of the view that replaces its children takes the section with it.
  const section = el("section")
  root.append(section)
  void offer(section, token).catch((error: unknown) => console.warn("Notify this phone:", error))
}
