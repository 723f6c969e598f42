/*
 * The owner's phone (src/admin/leads/): the service worker shows every push and opens its request on a tap
 * (push-worker.ts); "Notify this phone" subscribes with the host's key and hands the subscription over with
 * the owner's sign-in, saying each state in words (notify-phone.ts); the view opened at a request focuses its
 * call button (open-request.ts). The browser's push and service worker objects are stand-ins.
 */
import { waitFor } from "@testing-library/dom"
import { makeReference } from "../src/lib/estimate/reference"
import { deviceName, keyBytes, ownerPhone, PHONE_WORDS } from "../src/admin/leads/notify-phone"
import { showRequestOfAddress } from "../src/admin/leads/open-request"
import { servePushes, type PushWorkerScope, type WorkerEvents } from "../src/admin/leads/push-worker"

describe("the service worker", () => {
  const SCOPE = "https://site.test/admin/leads/"

  function worker(windows: { url: string; focus: jest.Mock; navigate: jest.Mock }[] = []) {
    const listeners: Partial<{ [K in keyof WorkerEvents]: (event: WorkerEvents[K]) => void }> = {}
    const scope = {
      registration: { scope: SCOPE, showNotification: jest.fn(async () => undefined) },
      clients: { matchAll: jest.fn(async () => windows), openWindow: jest.fn(async () => undefined) },
      addEventListener: (type: keyof WorkerEvents, listener: never) => {
        listeners[type] = listener
      },
    }
    servePushes(scope as unknown as PushWorkerScope)
    const run = async <K extends keyof WorkerEvents>(type: K, event: Omit<WorkerEvents[K], "waitUntil">) => {
      const work: Promise<unknown>[] = []
      const waitUntil = (promise: Promise<unknown>) => void work.push(promise)
      listeners[type]!({ ...event, waitUntil } as unknown as WorkerEvents[K])
      await Promise.all(work)
    }
    return { scope, run }
  }

  test("shows the push's words, and remembers its request for the tap", async () => {
    const { scope, run } = worker()
    const ref = makeReference()
    const message = { title: "New estimate request: Sandy", body: "Fri 3:05 PM MST.", ref, tag: `request-${ref}` }
    await run("push", { data: { text: () => JSON.stringify(message) } })
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      message.title,
      expect.objectContaining({ body: message.body, tag: message.tag, data: { ref } }),
    )
  })

  test("shows a notification for every push, even one with no words", async () => {
    const { scope, run } = worker()
    await run("push", { data: null })
    await run("push", { data: { text: () => "not JSON" } })
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(2)
    for (const [title] of scope.registration.showNotification.mock.calls as unknown as [string][])
      expect(title).toMatch(/request/i)
  })

  test("a tap focuses the open Leads view at the request, or opens it there", async () => {
    const ref = makeReference()
    const notification = { data: { ref }, close: jest.fn() }
    const open = { url: `${SCOPE}`, focus: jest.fn(async () => undefined), navigate: jest.fn(async () => undefined) }
    const withWindow = worker([{ url: "https://site.test/", focus: jest.fn(), navigate: jest.fn() }, open])
    await withWindow.run("notificationclick", { notification })
    expect(open.focus).toHaveBeenCalled()
    expect(open.navigate).toHaveBeenCalledWith(`${SCOPE}#${ref}`)
    expect(notification.close).toHaveBeenCalled()
    const without = worker()
    await without.run("notificationclick", { notification })
    expect(without.scope.clients.openWindow).toHaveBeenCalledWith(`${SCOPE}#${ref}`)
  })
})

describe("Notify this phone", () => {
  const KEY = "BHJop4Kq8QiKpP2VyIDjeduoxJ_Lzbe-e3R-Mlhq06MMGCBqx8tbWkA1P5bma5On5zQCWReUcyK50Pu8uslNaYo"
  const ENDPOINT = "https://push.stand-in.test/push/phone"
  let posted: { method: string; authorization: string; body: Record<string, unknown> }[]
  let current: PushSubscription | null

  const subscription = (key: Uint8Array) =>
    ({
      endpoint: ENDPOINT,
      options: { applicationServerKey: key.buffer },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: "p", auth: "a" } }),
      unsubscribe: jest.fn(async () => {
        current = null
        return true
      }),
    }) as unknown as PushSubscription

  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (options: { applicationServerKey: Uint8Array }) => {
      current = subscription(options.applicationServerKey)
      return current
    }),
  }

  // The page's environment here has no fetch of its own: an answer as the view reads it.
  const answer = (status: number, body: unknown) =>
    ({
      ok: status < 300,
      status,
      headers: new Map([["Content-Type", typeof body === "string" ? "text/plain" : "application/json"]]),
      json: async () => body,
      text: async () => String(body),
    }) as unknown as Response

  function browser(hostKeys: boolean, permission: NotificationPermission = "granted") {
    posted = []
    current = null
    window.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === "/api/push/key")
        return answer(200, hostKeys ? { publicKey: KEY } : { publicKey: null, missing: "no keys" })
      const headers = (init?.headers ?? {}) as Record<string, string>
      posted.push({
        method: init?.method ?? "GET",
        authorization: headers.Authorization,
        body: JSON.parse(String(init?.body)),
      })
      return answer(201, { stored: true })
    }) as typeof fetch
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { register: jest.fn(async () => ({ pushManager })) },
    })
    Object.defineProperty(window, "PushManager", { configurable: true, value: function PushManager() {} })
    Object.defineProperty(window, "Notification", {
      configurable: true,
      value: { permission: "default", requestPermission: jest.fn(async () => permission) },
    })
  }

  const status = (root: HTMLElement) => root.querySelector('[role="status"]')?.textContent

  const section = async (hostKeys: boolean, permission?: NotificationPermission) => {
    browser(hostKeys, permission)
    const root = document.createElement("div")
    ownerPhone(root, "owner-token")
    await waitFor(() => expect(window.fetch).toHaveBeenCalled())
    return root
  }

  test("is not offered while the host has no push keys", async () => {
    const root = await section(false)
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(root.textContent).toBe("")
  })

  test("subscribes with the host's key and hands the subscription over with the owner's sign-in", async () => {
    const root = await section(true)
    await waitFor(() => expect(status(root)).toBe(PHONE_WORDS.off))
    const button = root.querySelector("button")!
    button.click()
    await waitFor(() => expect(status(root)).toBe(PHONE_WORDS.on))
    const [options] = pushManager.subscribe.mock.calls[pushManager.subscribe.mock.calls.length - 1]
    expect(Array.from(options.applicationServerKey)).toEqual(Array.from(keyBytes(KEY)))
    expect(posted).toEqual([
      {
        method: "POST",
        authorization: "Bearer owner-token",
        body: expect.objectContaining({ endpoint: ENDPOINT, device: expect.any(String) }),
      },
    ])
    button.click()
    await waitFor(() => expect(status(root)).toBe(PHONE_WORDS.off))
    expect(posted[posted.length - 1]).toEqual({
      method: "DELETE",
      authorization: "Bearer owner-token",
      body: { endpoint: ENDPOINT },
    })
  })

  test("says so when the owner does not allow notifications, and keeps nothing", async () => {
    const root = await section(true, "denied")
    await waitFor(() => expect(status(root)).toBe(PHONE_WORDS.off))
    root.querySelector("button")!.click()
    await waitFor(() => expect(status(root)).toBe(PHONE_WORDS.blocked))
    expect(posted).toEqual([])
  })

  test("names the device by its kind", () => {
    const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15"
    expect(deviceName(iPhone)).toBe("iPhone")
    expect(deviceName("Mozilla/5.0 (Linux; Android 14; Pixel 8)")).toBe("Android device")
  })
})

test("the view opened at a request brings its row into sight and focuses its call button", () => {
  const ref = makeReference()
  const root = document.createElement("div")
  root.innerHTML = `<table><tr data-ref="${ref}"><td><a href="tel:+18015550199">call</a></td></tr></table>`
  document.body.append(root)
  const row = root.querySelector("tr")!
  row.scrollIntoView = jest.fn()
  expect(showRequestOfAddress(root, `#${ref}`)).toBe(true)
  expect(row.scrollIntoView).toHaveBeenCalled()
  expect(document.activeElement).toBe(root.querySelector("a"))
  expect(showRequestOfAddress(root, "#nothing")).toBe(false)
})
