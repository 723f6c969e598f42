import { init, send } from "@emailjs/browser"
import {
  EMAILJS_DEFAULT_ORIGIN,
  adsConversionTarget,
  emailjsOrigin,
  missingEmailjsVariables,
  readEmailjsConfig,
} from "../src/lib/estimate/config"
import { clearDraft, draftIds, loadDraft, saveDraft } from "../src/browser/estimate/draft"
import { isReference, isSecret, makeSecret } from "../src/lib/estimate/reference"
import { estimateSchema } from "../src/lib/estimate/schema"
import { isIsoTime, leadFrom, mailtoHref, sentWords, smsHref } from "../src/lib/estimate/lead"
import { leadMessage, templateParams } from "../src/lib/estimate/lead-message"
import { classifyFailure, RETRY_PAUSE_MS, SEND_TIMEOUT_MS, sendLead } from "../src/browser/estimate/send"
import { EMAILJS_TEST_ENV } from "./support/emailjs"
import { testLead } from "./support/lead"

jest.mock("@emailjs/browser", () => ({ init: jest.fn(), send: jest.fn() }))
const sendMock = send as jest.MockedFunction<typeof send>

const fullEnv = EMAILJS_TEST_ENV

// Unique messages: an empty value fails both required() and min(), with the same message, as in the form.
const errorsOf = async (values: Record<string, string>) => {
  try {
    await estimateSchema.validate(values, { abortEarly: false })
    return []
  } catch (error) {
    return [...new Set((error as { errors: string[] }).errors)]
  }
}

describe("estimateSchema", () => {
  it("accepts a name of 2 and a phone of 10 characters, counted without surrounding spaces", async () => {
    expect(await errorsOf({ name: "Jo", phone: "8015550100" })).toEqual([])
    expect(await errorsOf({ name: "   Jo   ", phone: "  8015550100  " })).toEqual([])
    expect(estimateSchema.cast({ name: "  Jo ", phone: " 8015550100 " })).toEqual({ name: "Jo", phone: "8015550100" })
  })

  it("gives the specified messages for short, blank and missing values", async () => {
    const short = ["Name must be at least 2 characters", "Please enter a valid phone number"]
    expect(await errorsOf({ name: "J", phone: "801555010" })).toEqual(short)
    expect(await errorsOf({ name: "  J  ", phone: " 801 555  " })).toEqual(short)
    expect(await errorsOf({ name: "   ", phone: "" })).toEqual(short)
    expect(await errorsOf({})).toEqual(short)
  })

  it("caps the lengths so a pasted megabyte never goes out", async () => {
    expect(await errorsOf({ name: "a".repeat(100), phone: "1".repeat(30) })).toEqual([])
    expect(await errorsOf({ name: "a".repeat(101), phone: "1".repeat(31) })).toEqual([
      "Name must be at most 100 characters",
      "Phone number must be at most 30 characters",
    ])
    expect(await errorsOf({ name: "a".repeat(1_000_000), phone: "8015550100" })).toHaveLength(1)
  })

  it("only checks length, not the format", async () => {
    expect(await errorsOf({ name: "J.", phone: "call me pls" })).toEqual([])
  })
})

describe("EmailJS configuration", () => {
  it("names the missing or blank variables", () => {
    expect(missingEmailjsVariables({})).toEqual([
      "GATSBY_EMAILJS_PUBLIC_KEY",
      "GATSBY_EMAILJS_SERVICE_ID",
      "GATSBY_EMAILJS_TEMPLATE_ID",
    ])
    expect(missingEmailjsVariables({ ...fullEnv, GATSBY_EMAILJS_SERVICE_ID: "  " })).toEqual([
      "GATSBY_EMAILJS_SERVICE_ID",
    ])
    expect(missingEmailjsVariables(fullEnv)).toEqual([])
  })

  it("reads the ids and the optional origin", () => {
    expect(readEmailjsConfig(fullEnv)).toEqual({
      publicKey: "public-key",
      serviceId: "service_estimates",
      templateId: "template_estimate",
      origin: EMAILJS_DEFAULT_ORIGIN,
    })
    expect(emailjsOrigin({ GATSBY_EMAILJS_ORIGIN: "http://127.0.0.1:8788/" })).toBe("http://127.0.0.1:8788")
    expect(() => readEmailjsConfig({ GATSBY_EMAILJS_SERVICE_ID: "s" })).toThrow(
      "GATSBY_EMAILJS_PUBLIC_KEY, GATSBY_EMAILJS_TEMPLATE_ID",
    )
  })

  it("has no conversion target unless one is set", () => {
    expect(adsConversionTarget({})).toBeUndefined()
    expect(adsConversionTarget({ GATSBY_GOOGLE_ADS_CONVERSION: " AW-1/x " })).toBe("AW-1/x")
  })
})

describe("draft", () => {
  beforeEach(() => sessionStorage.clear())

  it("keeps the name and phone for the session and clears them", () => {
    expect(loadDraft()).toBeNull()
    saveDraft({ name: "Jane", phone: "801" })
    expect(loadDraft()).toEqual({ name: "Jane", phone: "801" })
    clearDraft()
    expect(loadDraft()).toBeNull()
    expect(sessionStorage.length).toBe(0)
  })

  it("keeps a request's reference and secret together, so a second press sends both again", () => {
    saveDraft({ name: "Jane", phone: "801" })
    const first = draftIds()
    expect(isReference(first.ref)).toBe(true)
    expect(isSecret(first.secret)).toBe(true)
    expect(draftIds()).toEqual(first)
    saveDraft({ name: "Jane Doe", phone: "801" })
    expect(loadDraft()).toEqual({ name: "Jane Doe", phone: "801", ids: first })
    clearDraft()
    const next = draftIds()
    expect(next.ref === first.ref && next.secret === first.secret).toBe(false)
  })

  it("makes each secret of 128 random bits, written in 22 URL-safe characters", () => {
    expect(makeSecret(bytes => bytes.fill(255))).toBe("_____________________w")
    expect(makeSecret(bytes => bytes.fill(0))).toBe("AAAAAAAAAAAAAAAAAAAAAA")
    expect(new Set(Array.from({ length: 50 }, () => makeSecret())).size).toBe(50)
    expect(isSecret("short")).toBe(false)
    expect(isSecret("a".repeat(22))).toBe(true)
  })

  it("ignores a damaged draft and caps a stored one", () => {
    sessionStorage.setItem("estimate-form-draft", "{not json")
    expect(loadDraft()).toBeNull()
    sessionStorage.setItem("estimate-form-draft", JSON.stringify({ name: "a".repeat(500), phone: 42 }))
    expect(loadDraft()).toEqual({ name: "a".repeat(100), phone: "" })
  })

  it("works without storage", () => {
    const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("QuotaExceededError")
    })
    expect(() => saveDraft({ name: "Jane", phone: "801" })).not.toThrow()
    setItem.mockRestore()
  })
})

describe("sendLead", () => {
  const lead = testLead()
  const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status, text: "nope" })

  beforeEach(() => {
    Object.assign(process.env, fullEnv)
    sendMock.mockReset()
    jest.spyOn(console, "warn").mockImplementation(() => {})
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
    for (const key of Object.keys(fullEnv)) delete process.env[key]
  })

  it("sends the template params, with the reference first and the page and the visitor's time in the message", async () => {
    sendMock.mockResolvedValueOnce({ status: 200, text: "OK" })
    await sendLead(lead, "Wasatch Concrete Co.")
    expect(sendMock).toHaveBeenCalledWith("service_estimates", "template_estimate", {
      to_name: "Wasatch Concrete Co.",
      from_name: "Jane Doe",
      phone_number: "801-555-0100",
      reference: "K7F4XA",
      message:
        "New estimate request K7F4XA from Jane Doe, phone 801-555-0100.\n" +
        "Page: Concrete Contractor in Lehi, UT (/locations/lehi)\n" +
        `Sent: ${sentWords(lead.sentAt)}`,
    })
    expect(Object.keys(templateParams(lead, "Co"))).toEqual([
      "to_name",
      "from_name",
      "phone_number",
      "reference",
      "message",
    ])
  })

  it("says in the message when a request kept on the device went out later", () => {
    const message = leadMessage(lead, { deliveredLate: new Date(2026, 10, 24, 9, 5) })
    expect(message).toContain(`Sent: ${sentWords(lead.sentAt)}`)
    expect(message).toMatch(
      /Kept on the visitor's device while offline and delivered Tuesday, November 24, 2026 at 9:05 AM/,
    )
  })

  it("resolves on status 200 or text OK and rejects anything else", async () => {
    sendMock.mockResolvedValueOnce({ status: 200, text: "" })
    await expect(sendLead(lead, "Co")).resolves.toBeUndefined()
    sendMock.mockResolvedValueOnce({ status: 201, text: "OK" })
    await expect(sendLead(lead, "Co")).resolves.toBeUndefined()
    sendMock.mockResolvedValueOnce({ status: 204, text: "" })
    await expect(sendLead(lead, "Co")).rejects.toThrow("204")
    expect(init).toHaveBeenCalledWith({ publicKey: "public-key" }, EMAILJS_DEFAULT_ORIGIN)
  })

  it("rejects before sending when configuration is missing, as a failure no retry fixes", async () => {
    delete process.env.GATSBY_EMAILJS_SERVICE_ID
    const result = sendLead(lead, "Co")
    await expect(result).rejects.toThrow("GATSBY_EMAILJS_SERVICE_ID")
    await expect(result).rejects.toMatchObject({ failure: "refused" })
    expect(sendMock).not.toHaveBeenCalled()
  })

  it.each([
    ["a 500", httpError(500), "unavailable"],
    ["a 503", httpError(503), "unavailable"],
    ["a 429 rate limit", httpError(429), "unavailable"],
    ["a network error", new TypeError("Failed to fetch"), "network"],
  ])("tries %s once more after a short pause, and succeeds", async (_label, error, failure) => {
    jest.useFakeTimers()
    expect(classifyFailure(error)).toBe(failure)
    sendMock.mockRejectedValueOnce(error).mockResolvedValueOnce({ status: 200, text: "OK" })
    const result = sendLead(lead, "Co")
    await jest.advanceTimersByTimeAsync(RETRY_PAUSE_MS - 1)
    expect(sendMock).toHaveBeenCalledTimes(1)
    await jest.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBeUndefined()
    expect(sendMock).toHaveBeenCalledTimes(2)
  })

  it("gives up after the second transient failure, saying which kind it was", async () => {
    jest.useFakeTimers()
    sendMock.mockRejectedValue(new TypeError("Failed to fetch"))
    const result = sendLead(lead, "Co")
    result.catch(() => {})
    await jest.advanceTimersByTimeAsync(RETRY_PAUSE_MS)
    await expect(result).rejects.toMatchObject({ failure: "network" })
    expect(sendMock).toHaveBeenCalledTimes(2)
  })

  it.each([400, 403, 412])("does not retry a %i, which says the configuration is wrong", async status => {
    sendMock.mockRejectedValueOnce(httpError(status))
    await expect(sendLead(lead, "Co")).rejects.toMatchObject({ failure: "refused" })
    expect(sendMock).toHaveBeenCalledTimes(1)
  })

  it("rejects a send that hangs for 15 seconds, without a retry", async () => {
    jest.useFakeTimers()
    sendMock.mockReturnValue(new Promise(() => {}))
    const result = sendLead(lead, "Co")
    const settled = jest.fn()
    result.catch(settled)
    await jest.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    await jest.advanceTimersByTimeAsync(1)
    await expect(result).rejects.toThrow("15 s")
    await expect(result).rejects.toMatchObject({ failure: "timeout" })
    expect(sendMock).toHaveBeenCalledTimes(1)
  })

  it("keeps the retry within the same 15 seconds", async () => {
    jest.useFakeTimers()
    // The first attempt answers 503 after 12 s: too late for a second one.
    sendMock.mockImplementationOnce(() => new Promise((_, reject) => setTimeout(() => reject(httpError(503)), 12_000)))
    const result = sendLead(lead, "Co")
    result.catch(() => {})
    await jest.advanceTimersByTimeAsync(12_000)
    await expect(result).rejects.toMatchObject({ failure: "unavailable" })
    expect(sendMock).toHaveBeenCalledTimes(1)

    // One that answers 503 after 8 s is retried, and the retry is cut off at 15 s in all.
    sendMock.mockReset()
    sendMock
      .mockImplementationOnce(() => new Promise((_, reject) => setTimeout(() => reject(httpError(503)), 8_000)))
      .mockReturnValueOnce(new Promise(() => {}))
    const second = sendLead(lead, "Co")
    const settled = jest.fn()
    second.catch(settled)
    await jest.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1)
    expect(sendMock).toHaveBeenCalledTimes(2)
    expect(settled).not.toHaveBeenCalled()
    await jest.advanceTimersByTimeAsync(1)
    await expect(second).rejects.toMatchObject({ failure: "timeout" })
  })
})

describe("the lead's other ways to the business", () => {
  const lead = testLead({ pageTitle: "Concrete Driveways", pagePath: "/driveways" })

  it("prefills a text message to the business's number with the name, phone and page", () => {
    const href = smsHref("(801) 555-0142", lead)
    expect(href.startsWith("sms:+18015550142?&body=")).toBe(true)
    const body = decodeURIComponent(href.split("body=")[1])
    expect(body).toBe(
      'Estimate request K7F4XA from Jane Doe, phone 801-555-0100. Sent from your website\'s page "Concrete Driveways" (/driveways).',
    )
  })

  it("prefills an e-mail to the business's address", () => {
    const url = new URL(mailtoHref("estimates@example.com", lead))
    expect(url.protocol).toBe("mailto:")
    expect(url.pathname).toBe("estimates@example.com")
    expect(url.searchParams.get("subject")).toBe("Estimate request K7F4XA from Jane Doe")
    expect(url.searchParams.get("body")).toContain("Jane Doe, phone 801-555-0100")
    expect(url.searchParams.get("body")).toContain('"Concrete Driveways" (/driveways)')
  })

  it("records when it was sent as an ISO time, which the message says on the reader's clock with its zone", () => {
    const sent = new Date(2026, 0, 5, 14, 7)
    const made = leadFrom(
      { name: "Jo", phone: "8015550100" },
      { ref: "K7F4XA", secret: testLead().secret },
      { title: "Home", path: "/" },
      sent,
    )
    expect(made).toEqual({
      ref: "K7F4XA",
      secret: testLead().secret,
      name: "Jo",
      phone: "8015550100",
      pageTitle: "Home",
      pagePath: "/",
      sentAt: sent.toISOString(),
    })
    expect(isIsoTime(made.sentAt)).toBe(true)
    expect(leadMessage(made)).toMatch(/^Sent: Monday, January 5, 2026 at 2:07 PM \S+$/m)
    expect(sentWords("2026-01-05T21:07:00.000Z", "America/Denver")).toBe("Monday, January 5, 2026 at 2:07 PM MST")
    // A request kept before ISO times carries the visitor's words already.
    expect(sentWords("Monday, January 5, 2026 at 2:07 PM MST")).toBe("Monday, January 5, 2026 at 2:07 PM MST")
  })
})
