/*
 * The one delivery path (src/browser/estimate/deliver.ts): what a failure of the mail service means with the
 * request in the site's inbox and without it, what is recorded on the stored request, and what the owner's
 * e-mail says about earlier requests the mailbox never had, and no second e-mail where the host's own e-mail told
 * the owner already. The inbox and EmailJS are stood in for.
 */
import { send } from "@emailjs/browser"
import { deliverLead, isFinal } from "../src/browser/estimate/deliver"
import { INBOX_PATH } from "../src/lib/estimate/inbox-contract"
import { SendError } from "../src/browser/estimate/send"
import { EMAILJS_TEST_ENV } from "./support/emailjs"
import { testLead } from "./support/lead"

jest.mock("@emailjs/browser", () => ({ init: jest.fn(), send: jest.fn() }))
const sendMock = send as jest.MockedFunction<typeof send>

const env = EMAILJS_TEST_ENV
const lead = testLead({ pageTitle: "Driveways", pagePath: "/driveways/", sentAt: "2026-11-23T15:00:00.000Z" })

/** The inbox answering `post` to the POST, and 200 to each PATCH; returns the calls made to it. */
function standInInbox(post: { status: number; body?: unknown } | "unreachable") {
  const calls: { url: string; method: string; body: unknown }[] = []
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? "GET", body: JSON.parse(String(init.body)) })
    if (post === "unreachable") throw new TypeError("Failed to fetch")
    const { status, body } = init.method === "PATCH" ? { status: 200, body: {} } : post
    return { ok: status < 300, status, json: async () => body ?? {} }
  }) as unknown as typeof fetch
  return calls
}

const savedFetch = global.fetch
beforeEach(() => {
  Object.assign(process.env, env)
  sendMock.mockReset()
  jest.spyOn(console, "warn").mockImplementation(() => {})
})
afterEach(() => {
  global.fetch = savedFetch
  jest.restoreAllMocks()
  for (const key of Object.keys(env)) delete process.env[key]
})

const stored = () => ({ status: 200, body: { ref: lead.ref, stored: true, told: false } })

describe("deliverLead", () => {
  it("without an inbox, e-mails as before and answers the mail service's failure, with its status", async () => {
    const calls = standInInbox({ status: 503 })
    sendMock.mockResolvedValueOnce({ status: 200, text: "OK" })
    await expect(deliverLead(lead, "Co")).resolves.toEqual({ outcome: "emailed" })
    sendMock.mockRejectedValueOnce({ status: 400, text: "The service ID is invalid" })
    await expect(deliverLead(lead, "Co")).resolves.toEqual({
      outcome: "failed",
      error: expect.objectContaining({ failure: "refused", status: 400, text: "The service ID is invalid" }),
    })
    expect(calls.map(call => call.method)).toEqual(["POST", "POST"])
    expect(calls[0]).toMatchObject({ url: INBOX_PATH, body: { ref: lead.ref, spam: "empty" } })
  })

  it("with the inbox, posts the request's secret, and records the e-mail that went out with it", async () => {
    const calls = standInInbox(stored())
    sendMock.mockResolvedValueOnce({ status: 200, text: "OK" })
    await expect(deliverLead(lead, "Co")).resolves.toEqual({ outcome: "emailed" })
    expect(calls[0]).toMatchObject({ method: "POST", body: { ref: lead.ref, secret: lead.secret } })
    expect(calls[1]).toMatchObject({
      url: `${INBOX_PATH}/${lead.ref}`,
      method: "PATCH",
      body: { email: "sent", secret: lead.secret },
    })
    // The secret is the inbox's and the browser's alone: never in the e-mail.
    expect(JSON.stringify(sendMock.mock.calls[0][2])).not.toContain(lead.secret)
  })

  it.each([
    ["a quota answer", { status: 426, text: "quota" }, true],
    ["a 402", { status: 402, text: "quota" }, true],
    ["a refusal no wait changes", { status: 412, text: "Invalid grant" }, false],
  ])("with the inbox, %s is recorded and the request is received (retry: %s)", async (_, answer, retry) => {
    const calls = standInInbox(stored())
    sendMock.mockRejectedValueOnce(answer)
    await expect(deliverLead(lead, "Co")).resolves.toEqual({ outcome: "stored", retry })
    expect(calls[1]).toMatchObject({ method: "PATCH", body: { email: "failed" } })
    expect(String((calls[1].body as { note: string }).note)).toContain(String(answer.status))
  })

  it("a request the host's own e-mail told the owner of is delivered without a second e-mail", async () => {
    const calls = standInInbox({ status: 200, body: { ref: lead.ref, stored: true, told: true } })
    await expect(deliverLead(lead, "Co", { stored: true, deliveredLate: new Date() })).resolves.toEqual({
      outcome: "emailed",
    })
    expect(sendMock).not.toHaveBeenCalled()
    expect(calls.map(call => call.method)).toEqual(["POST"])
  })

  it("a request the inbox took earlier is never a failure of the visitor's, even with the inbox out of reach", async () => {
    standInInbox("unreachable")
    sendMock.mockRejectedValueOnce({ status: 401, text: "The public key is invalid" })
    await expect(deliverLead(lead, "Co", { stored: true })).resolves.toEqual({ outcome: "stored", retry: false })
  })

  it("never throws: a failure that is no answer of EmailJS's is a failed outcome too", async () => {
    standInInbox("unreachable")
    sendMock.mockRejectedValue(new TypeError("Failed to fetch"))
    await expect(deliverLead(lead, "Co")).resolves.toEqual({
      outcome: "failed",
      error: expect.objectContaining({ failure: "network", status: undefined }),
    })
  })
})

describe("isFinal", () => {
  it.each([
    [new SendError("network", new TypeError("Failed to fetch")), false],
    [new SendError("timeout", new Error("no answer")), false],
    [new SendError("unavailable", { status: 503 }), false],
    [new SendError("refused", { status: 426 }), false],
    [new SendError("refused", { status: 400 }), true],
    [new SendError("refused", new Error("EmailJS is not configured")), true],
  ])("%s → %s", (error, final) => expect(isFinal(error)).toBe(final))
})
