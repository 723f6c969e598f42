import { init, send } from "@emailjs/browser"
import {
  EMAILJS_DEFAULT_ORIGIN,
  adsConversionTarget,
  emailjsOrigin,
  missingEmailjsVariables,
  readEmailjsConfig,
} from "../src/lib/estimate/config"
import { clearDraft, loadDraft, saveDraft } from "../src/lib/estimate/draft"
import { estimateSchema } from "../src/lib/estimate/schema"
import { SEND_TIMEOUT_MS, sendEstimate, templateParams } from "../src/lib/estimate/send"

jest.mock("@emailjs/browser", () => ({ init: jest.fn(), send: jest.fn() }))
const sendMock = send as jest.MockedFunction<typeof send>

const fullEnv = {
  GATSBY_EMAILJS_PUBLIC_KEY: "public-key",
  GATSBY_EMAILJS_SERVICE_ID: "service_estimates",
  GATSBY_EMAILJS_TEMPLATE_ID: "template_estimate",
}

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

describe("sendEstimate", () => {
  const request = { name: "Jane Doe", phone: "801-555-0100" }

  beforeEach(() => {
    Object.assign(process.env, fullEnv)
    sendMock.mockReset()
  })
  afterEach(() => {
    jest.useRealTimers()
    for (const key of Object.keys(fullEnv)) delete process.env[key]
  })

  it("builds the four template params", () => {
    expect(templateParams(request, "Wasatch Concrete Co.")).toEqual({
      to_name: "Wasatch Concrete Co.",
      from_name: "Jane Doe",
      phone_number: "801-555-0100",
      message: "New estimate request from Jane Doe, phone 801-555-0100.",
    })
  })

  it("resolves on status 200 or text OK and rejects anything else", async () => {
    sendMock.mockResolvedValueOnce({ status: 200, text: "" })
    await expect(sendEstimate(request, "Co")).resolves.toBeUndefined()
    sendMock.mockResolvedValueOnce({ status: 201, text: "OK" })
    await expect(sendEstimate(request, "Co")).resolves.toBeUndefined()
    sendMock.mockResolvedValueOnce({ status: 204, text: "" })
    await expect(sendEstimate(request, "Co")).rejects.toThrow("204")
    expect(init).toHaveBeenCalledWith({ publicKey: "public-key" }, EMAILJS_DEFAULT_ORIGIN)
  })

  it("rejects before sending when configuration is missing", async () => {
    delete process.env.GATSBY_EMAILJS_SERVICE_ID
    await expect(sendEstimate(request, "Co")).rejects.toThrow("GATSBY_EMAILJS_SERVICE_ID")
    expect(sendMock).not.toHaveBeenCalled()
  })

  it("rejects a send that hangs for 15 seconds", async () => {
    jest.useFakeTimers()
    sendMock.mockReturnValueOnce(new Promise(() => {}))
    const result = sendEstimate(request, "Co")
    const settled = jest.fn()
    result.catch(settled)
    await jest.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1)
    expect(settled).not.toHaveBeenCalled()
    await jest.advanceTimersByTimeAsync(1)
    await expect(result).rejects.toThrow("15 s")
  })
})
