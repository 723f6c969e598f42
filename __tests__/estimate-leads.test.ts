/**
 * The pure rules behind "every lead kept until it is delivered": the reference, clean names, the honeypot's
 * verdict, the outbox's lease and age, and the owner's test send told in words.
 */
import { cleanText } from "../src/lib/estimate/fields"
import { followUpParams } from "../src/lib/estimate/follow-up"
import { HUMAN_AFTER_MS, honeypotVerdict } from "../src/lib/estimate/honeypot"
import { leadMessage, POSSIBLE_SPAM } from "../src/lib/estimate/lead-message"
import { LEASE_MS, leasedByOther } from "../src/browser/estimate/outbox-send"
import { createAgeClock, OUTBOX_MAX_AGE_MS, type SavedLead } from "../src/browser/estimate/outbox-storage"
import { isReference, makeReference, REFERENCE_ALPHABET, REFERENCE_LENGTH } from "../src/lib/estimate/reference"
import { estimateSchema } from "../src/lib/estimate/schema"
import { SendError } from "../src/browser/estimate/send"
import { explainTestSend, testParams } from "../src/browser/estimate/test-send"
import { testLead } from "./support/lead"

const lead = testLead({ pageTitle: "Concrete Driveways", pagePath: "/driveways" })

describe("the reference", () => {
  it("is six characters without look-alikes", () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[0O1IL2Z5S8BQD]/)
    for (let i = 0; i < 200; i += 1) {
      const ref = makeReference()
      expect(ref).toHaveLength(REFERENCE_LENGTH)
      expect(isReference(ref)).toBe(true)
    }
  })

  it("draws every character with the same chance: bytes past the last whole round of the alphabet are drawn again", () => {
    const size = REFERENCE_ALPHABET.length
    const bytes = [255, 254, 0, 1, 2, 3, 4, 5]
    const random = (out: Uint8Array) => {
      for (let i = 0; i < out.length; i += 1) out[i] = bytes.shift() ?? 0
      return out
    }
    // 255 and 254 lie past 256 - 256 % size and are skipped.
    expect(256 - (256 % size)).toBeLessThanOrEqual(254)
    expect(makeReference(random)).toBe(REFERENCE_ALPHABET.slice(0, 6))
  })

  it("is in the e-mail's first line, after the possible-spam mark when there is one", () => {
    expect(leadMessage(lead).split("\n")[0]).toBe("New estimate request K7F4XA from Jane Doe, phone 801-555-0100.")
    const marked = leadMessage({ ...lead, possibleSpam: true }).split("\n")
    expect(marked[0]).toBe(POSSIBLE_SPAM)
    expect(marked[1]).toContain("K7F4XA")
  })

  it("goes with the follow-up details", () => {
    const params = followUpParams(lead, "Wasatch Concrete Co.", {
      project: "Concrete Driveways",
      size: "Two cars",
      when: "This season",
    })
    expect(params.reference).toBe("K7F4XA")
    expect(params.message).toBe(
      "Details for estimate request K7F4XA from Jane Doe, phone 801-555-0100:\n" +
        "Project: Concrete Driveways\nSize: Two cars\nWhen: This season",
    )
  })
})

describe("clean names", () => {
  it("removes bidirectional controls and other invisible format characters, keeping the joiners names need", () => {
    expect(cleanText("Jane\u202E eoD\u202C")).toBe("Jane eoD")
    expect(cleanText("\u2066Bob\u2069\u200B\uFEFF\u00AD")).toBe("Bob")
    expect(cleanText("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645")).toContain("\u200C")
  })

  it("checks the name without them, so invisible characters never count toward its length", () => {
    expect(estimateSchema.cast({ name: "\u202EJo\u202C", phone: "801 555 0100" }).name).toBe("Jo")
    expect(estimateSchema.isValidSync({ name: "J\u202E\u202C", phone: "801 555 0100" })).toBe(false)
  })
})

describe("the honeypot", () => {
  it("lets an empty field through, takes a fast filled one for a bot, and marks a slow one", () => {
    expect(honeypotVerdict("", 10)).toBe("empty")
    expect(honeypotVerdict("http://spam.example", HUMAN_AFTER_MS - 1)).toBe("bot")
    expect(honeypotVerdict("autofilled", HUMAN_AFTER_MS)).toBe("possible-spam")
  })
})

describe("the outbox's lease and age", () => {
  const saved: SavedLead = { lead, businessName: "Co", savedAt: 1_000_000 }

  it("holds off another tab during a send, not the tab that marked it, and not past the lease or before its start", () => {
    const marked = { ...saved, sendingSince: 5_000_000, sender: "tab-a" }
    expect(leasedByOther(marked, "tab-b", 5_000_000 + LEASE_MS - 1)).toBe(true)
    expect(leasedByOther(marked, "tab-a", 5_000_001)).toBe(false)
    expect(leasedByOther(marked, "tab-b", 5_000_000 + LEASE_MS)).toBe(false)
    // A mark "in the future": the clock was set back since, and the mark is void.
    expect(leasedByOther(marked, "tab-b", 4_000_000)).toBe(false)
    expect(leasedByOther(saved, "tab-b", 5_000_000)).toBe(false)
  })

  it("counts a request saved in the future as fresh", () => {
    const clock = createAgeClock(
      () => saved.savedAt - 2 * 24 * 3600_000,
      () => 0,
    )
    expect(clock.ageOf(saved)).toBe(0)
  })

  it("reads the wall clock once per page, then counts with the monotonic clock", () => {
    let wall = saved.savedAt + 60_000
    let monotonic = 500
    const clock = createAgeClock(
      () => wall,
      () => monotonic,
    )
    expect(clock.ageOf(saved)).toBe(60_000)
    // The device clock moves four days ahead, a minute passes: a minute older, not four days.
    wall += 4 * 24 * 3600_000
    monotonic += 60_000
    expect(clock.ageOf(saved)).toBe(120_000)
    // A week passes with the page open: past the limit.
    monotonic += 7 * 24 * 3600_000
    expect(clock.ageOf(saved)).toBeGreaterThan(OUTBOX_MAX_AGE_MS)
  })
})

describe("the owner's test send", () => {
  it("is marked TEST in the name and the message, with its reference", () => {
    const params = testParams("Wasatch Concrete Co.", "(801) 555-0142", "K7F4XA")
    expect(params.from_name).toMatch(/^TEST/)
    expect(params.message).toMatch(/^TEST estimate request K7F4XA/)
    expect(params.reference).toBe("K7F4XA")
  })

  it.each([
    [412, "Gmail_API: Invalid grant", /link to EmailJS has lapsed/, /reconnect/],
    [429, "Too Many Requests", /limits/, /quota/],
    [400, "The template ID is invalid", /does not know one of the ids/, /GATSBY_EMAILJS_TEMPLATE_ID/],
    [403, "Origin not allowed", /refused requests from this address/, /allowed origins/],
    [503, "Unavailable", /problem of its own/, /few minutes/],
  ])("says in words what an answer %i means and what to do", (status, text, summary, advice) => {
    const outcome = explainTestSend(new SendError("refused", { status, text }))
    expect(outcome.ok).toBe(false)
    expect(outcome.summary).toMatch(summary)
    expect(outcome.advice).toMatch(advice)
    expect(outcome.answer).toBe(`${status} ${text}`)
  })

  it("says sent, no answer, unreachable or unconfigured", () => {
    expect(explainTestSend(null)).toMatchObject({ ok: true, summary: expect.stringMatching(/^Sent/) })
    expect(explainTestSend(new SendError("timeout", new Error("late"))).summary).toMatch(/No answer/)
    expect(explainTestSend(new SendError("network", new TypeError("Failed to fetch"))).summary).toMatch(/reach/)
    expect(explainTestSend(new SendError("refused", new Error("EmailJS is not configured"))).summary).toMatch(
      /no EmailJS settings/,
    )
  })
})
