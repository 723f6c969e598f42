import { act, render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useStaticQuery } from "gatsby"
import { send } from "@emailjs/browser"
import { SavedEstimateNotice } from "../src/components/saved-estimate-notice"
import { LEASE_MS } from "../src/browser/estimate/outbox-send"
import { sentWords } from "../src/lib/estimate/lead"
import { isSecret } from "../src/lib/estimate/reference"
import {
  EMAIL_RETRY_KEY,
  keepForLater,
  OUTBOX_KEY,
  OUTBOX_MAX_AGE_MS,
  readSaved,
  resetOutboxForTests,
  sendSaved,
  startOutbox,
  type SavedLead,
} from "../src/browser/estimate/outbox"
import { EMAILJS_TEST_ENV } from "./support/emailjs"
import { testLead } from "./support/lead"

jest.mock("@emailjs/browser", () => ({ init: jest.fn(), send: jest.fn() }))
const sendMock = send as jest.MockedFunction<typeof send>

const env = EMAILJS_TEST_ENV
const lead = testLead({ sentAt: "2026-11-21T01:12:00.000Z" })
const keep = (savedAt: number) => {
  const saved: SavedLead = { lead, businessName: "Wasatch Concrete Co.", savedAt }
  localStorage.setItem(OUTBOX_KEY, JSON.stringify(saved))
}
const setOnline = (online: boolean) => jest.spyOn(navigator, "onLine", "get").mockReturnValue(online)

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue({
    businessJson: { name: "Wasatch Concrete Co.", phone: "(801) 555-0142", email: "estimates@example.com" },
  })
  Object.assign(process.env, env)
  localStorage.clear()
  resetOutboxForTests()
  sendMock.mockReset().mockResolvedValue({ status: 200, text: "OK" })
  jest.spyOn(console, "warn").mockImplementation(() => {})
})

afterEach(() => {
  jest.restoreAllMocks()
  for (const key of Object.keys(env)) delete process.env[key]
})

describe("the outbox on the next page view", () => {
  it("sends a kept request once, removes it and tells the visitor", async () => {
    keep(Date.now() - 60_000)
    render(<SavedEstimateNotice />)
    expect(await screen.findByText("Your estimate request has been sent! We'll contact you soon.")).toBeInTheDocument()
    expect(sendMock).toHaveBeenCalledTimes(1)
    expect(sendMock.mock.calls[0][2]).toMatchObject({ from_name: "Jane Doe", phone_number: "801-555-0100" })
    expect(sendMock.mock.calls[0][2]?.message).toContain(`Sent: ${sentWords(lead.sentAt)}`)
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()

    // Another page view, an online event: nothing is left to send.
    resetOutboxForTests()
    await act(async () => startOutbox())
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    expect(sendMock).toHaveBeenCalledTimes(1)
  })

  it("gives up on a kept request when the site answers but the mail service is blocked, instead of retrying", async () => {
    keep(Date.now() - 60_000)
    setOnline(true)
    sendMock.mockRejectedValue(new TypeError("Failed to fetch"))
    const savedFetch = global.fetch
    global.fetch = jest.fn().mockResolvedValue({ ok: true, status: 200 }) as unknown as typeof fetch
    jest.spyOn(console, "error").mockImplementation(() => {})
    try {
      render(<SavedEstimateNotice />)
      const alert = await screen.findByRole("alert", {}, { timeout: 4000 })
      expect(await screen.findByText("Your request could not be sent from this browser.")).toBeInTheDocument()
      expect(alert).toHaveTextContent("text it to us")
      // Nothing is left for the next page view to try again.
      expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
      resetOutboxForTests()
      sendMock.mockClear()
      await act(async () => startOutbox())
      expect(sendMock).not.toHaveBeenCalled()
    } finally {
      global.fetch = savedFetch
    }
  })

  it("drops a request older than the limit without sending it, and says so", async () => {
    keep(Date.now() - OUTBOX_MAX_AGE_MS - 1)
    const user = userEvent.setup()
    render(<SavedEstimateNotice />)
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Your saved estimate request was not sent.")
    expect(alert).toHaveTextContent(`since ${sentWords(lead.sentAt)}`)
    expect(sendMock).not.toHaveBeenCalled()
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
    await user.click(screen.getByRole("button", { name: "Dismiss" }))
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("waits while offline, sends on the online event, and can be cancelled before that", async () => {
    const onLine = setOnline(false)
    keep(Date.now())
    const user = userEvent.setup()
    render(<SavedEstimateNotice />)
    expect(await screen.findByText("You're offline, so your request is saved on this device.")).toBeInTheDocument()
    expect(sendMock).not.toHaveBeenCalled()

    await user.click(screen.getByRole("button", { name: "Cancel request" }))
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
    onLine.mockReturnValue(true)
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    expect(sendMock).not.toHaveBeenCalled()
    expect(screen.getByRole("status")).toBeEmptyDOMElement()
  })

  it("puts the request back when the network fails again, and never sends it twice at once", async () => {
    sendMock.mockRejectedValue(new TypeError("Failed to fetch"))
    keep(Date.now())
    jest.useFakeTimers()
    const first = sendSaved()
    const second = sendSaved()
    await jest.advanceTimersByTimeAsync(5_000)
    await Promise.all([first, second])
    jest.useRealTimers()
    // One send with its one retry, then kept for later.
    expect(sendMock).toHaveBeenCalledTimes(2)
    expect(readSaved()).toMatchObject({ lead })
  })

  it("shows the error with the other ways to send when the service refuses it, and keeps nothing", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {})
    sendMock.mockRejectedValue({ status: 400, text: "The template ID is invalid" })
    keep(Date.now())
    render(<SavedEstimateNotice />)
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("There was an error submitting your request.")
    expect(screen.getByRole("link", { name: "text it to us" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^sms:\+18015550142\?&body=Estimate%20request%20K7F4XA%20from%20Jane%20Doe/),
    )
    expect(consoleError).toHaveBeenCalled()
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
  })

  it("keeps the request in storage, marked, while it is being sent", async () => {
    let answer!: (value: { status: number; text: string }) => void
    sendMock.mockReturnValue(new Promise(resolve => (answer = resolve)))
    keep(Date.now())
    const sending = sendSaved()
    await waitFor(() => expect(sendMock).toHaveBeenCalled())
    expect(readSaved()).toMatchObject({ lead, sendingSince: expect.any(Number) })
    answer({ status: 200, text: "OK" })
    await sending
    expect(readSaved()).toBeNull()
  })

  it.each([
    ["a 429 twice", { status: 429, text: "Too Many Requests" }],
    ["a 503 twice", { status: 503, text: "Unavailable" }],
  ])("puts the request back after %s, unmarked, for the next page view", async (_, failure) => {
    sendMock.mockRejectedValue(failure)
    keep(Date.now())
    jest.useFakeTimers()
    const sending = sendSaved()
    await jest.advanceTimersByTimeAsync(5_000)
    await sending
    jest.useRealTimers()
    expect(sendMock).toHaveBeenCalledTimes(2)
    const saved = readSaved()
    expect(saved).toMatchObject({ lead, reason: "service" })
    expect(saved?.sendingSince).toBeUndefined()
  })

  it("without Web Locks, leaves a request another tab is sending alone until its lease runs out", async () => {
    expect((navigator as { locks?: unknown }).locks).toBeUndefined()
    const saved: SavedLead = {
      lead,
      businessName: "Co",
      savedAt: Date.now(),
      sendingSince: Date.now(),
      sender: "other",
    }
    localStorage.setItem(OUTBOX_KEY, JSON.stringify(saved))
    await sendSaved()
    expect(sendMock).not.toHaveBeenCalled()

    localStorage.setItem(OUTBOX_KEY, JSON.stringify({ ...saved, sendingSince: Date.now() - LEASE_MS }))
    await sendSaved()
    expect(sendMock).toHaveBeenCalledTimes(1)
    expect(readSaved()).toBeNull()
  })

  it("drops a request past its age on the online event too, not only on a page view", async () => {
    const onLine = setOnline(false)
    keep(Date.now() - OUTBOX_MAX_AGE_MS + 60_000)
    const now = jest.spyOn(performance, "now").mockReturnValue(0)
    render(<SavedEstimateNotice />)
    await screen.findByText("You're offline, so your request is saved on this device.")
    // The tab stays open, offline, for two more minutes than the limit allows.
    now.mockReturnValue(120_000)
    onLine.mockReturnValue(true)
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    expect(await screen.findByRole("alert")).toHaveTextContent("Your saved estimate request was not sent.")
    expect(sendMock).not.toHaveBeenCalled()
    expect(readSaved()).toBeNull()
  })

  it("ignores what is stored under its key when it is not a request", () => {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify({ lead: { name: 3 }, savedAt: "yesterday" }))
    expect(readSaved()).toBeNull()
    localStorage.setItem(OUTBOX_KEY, "{not json")
    expect(readSaved()).toBeNull()
  })
})

describe("a request kept by an earlier version of the site", () => {
  it("gets a secret and an ISO time (when it was kept) once, so the inbox takes it and its updates agree", () => {
    const savedAt = Date.UTC(2026, 10, 20, 18, 12)
    const { secret: _none, ...withoutSecret } = lead
    const old = { lead: { ...withoutSecret, sentAt: "Friday, November 20, 2026 at 11:12 AM MST" }, savedAt }
    localStorage.setItem(OUTBOX_KEY, JSON.stringify({ ...old, businessName: "Wasatch Concrete Co." }))
    const mended = readSaved()
    expect(isSecret(mended?.lead.secret)).toBe(true)
    expect(mended?.lead.sentAt).toBe(new Date(savedAt).toISOString())
    // Kept as mended: a second read gives the same secret.
    expect(readSaved()?.lead.secret).toBe(mended?.lead.secret)
  })
})

describe("the owner's e-mail of a request the inbox holds", () => {
  const stored = testLead({ ref: "K7F4XC", name: "Ana Pratt" })

  it("is kept in a slot of its own: the visitor's kept request and it never replace each other, and both go", async () => {
    const onLine = setOnline(false)
    keep(Date.now())
    expect(keepForLater(stored, "Wasatch Concrete Co.", "form", { stored: true })).toBe(true)
    expect(readSaved()).toMatchObject({ lead })
    expect(readSaved(EMAIL_RETRY_KEY)).toMatchObject({ lead: stored, stored: true })

    render(<SavedEstimateNotice />)
    // The visitor is told of their own kept request only.
    expect(await screen.findByText("You're offline, so your request is saved on this device.")).toBeInTheDocument()
    onLine.mockReturnValue(true)
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    await waitFor(() => expect(sendMock).toHaveBeenCalledTimes(2))
    expect(sendMock.mock.calls.map(call => call[2]?.reference)).toEqual([lead.ref, stored.ref])
    expect(await screen.findByText("Your estimate request has been sent! We'll contact you soon.")).toBeInTheDocument()
    expect([localStorage.getItem(OUTBOX_KEY), localStorage.getItem(EMAIL_RETRY_KEY)]).toEqual([null, null])
  })

  it("past its age by its own clock, is dropped without a word, even with the device's clock set forward", async () => {
    const onLine = setOnline(false)
    keep(Date.now())
    const now = jest.spyOn(performance, "now").mockReturnValue(0)
    expect(keepForLater(stored, "Wasatch Concrete Co.", "form", { stored: true })).toBe(true)
    render(<SavedEstimateNotice />)
    await screen.findByText("You're offline, so your request is saved on this device.")
    // The device's clock jumps a month ahead while the tab stays open: neither request is that old.
    const wall = jest.spyOn(Date, "now").mockReturnValue(Date.now() + OUTBOX_MAX_AGE_MS * 2)
    onLine.mockReturnValue(true)
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    await waitFor(() => expect(sendMock).toHaveBeenCalledTimes(2))
    expect(sendMock.mock.calls.map(call => call[2]?.reference)).toEqual([lead.ref, stored.ref])

    // Kept again after a failure, then the tab stays open past the limit: dropped, and the visitor told nothing.
    wall.mockRestore()
    sendMock.mockReset().mockRejectedValue({ status: 503, text: "Unavailable" })
    expect(keepForLater(stored, "Wasatch Concrete Co.", "form", { stored: true })).toBe(true)
    now.mockReturnValue(OUTBOX_MAX_AGE_MS + 60_000)
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    await waitFor(() => expect(readSaved(EMAIL_RETRY_KEY)).toBeNull())
    expect(sendMock).not.toHaveBeenCalled()
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("kept in the visitor's slot by an earlier version, it moves to its own and says nothing", () => {
    const saved: SavedLead = { lead: stored, businessName: "Wasatch Concrete Co.", savedAt: Date.now(), stored: true }
    localStorage.setItem(OUTBOX_KEY, JSON.stringify(saved))
    expect(readSaved()).toBeNull()
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
    expect(readSaved(EMAIL_RETRY_KEY)).toEqual(saved)
  })
})
