/* The words of the owner's Leads view (src/admin/leads/rows.ts, told.ts), from rows of the tests' own. */
import { describeLead, leadsSummary, notEmailed, type LeadRow } from "../src/admin/leads/rows"
import { byCall, calledLine, channelNotes, clock, medianLine, toCall, toldLine } from "../src/admin/leads/told"
import { expiryWords, WARN_BEFORE_MS, watchSignInExpiry } from "../src/admin/sign-in-again"
import { SIGN_IN_EXPIRES_KEY } from "../src/lib/github"

const row = (changes: Partial<LeadRow>): LeadRow => ({
  ref: "K7F4XA",
  received_at: "2026-01-05T16:00:00.000Z",
  page_path: "/driveways/",
  name: "Jane Doe",
  phone: "(801) 555-0100",
  project: null,
  size: null,
  timing: null,
  spam: "empty",
  email: "sent",
  email_note: null,
  email_at: null,
  host_email_at: null,
  host_email_note: null,
  pushed_at: null,
  called_at: null,
  reminded_at: null,
  ...changes,
})

describe("the Leads view's words", () => {
  it("flags a request whose e-mail failed, with why, and joins the follow-up details", () => {
    const lead = describeLead(
      row({
        email: "failed",
        email_note: "unavailable: HTTP 503",
        project: "Patios",
        size: "One car",
      }),
    )
    expect(lead.email).toBe("NOT e-mailed (unavailable: HTTP 503)")
    expect(lead.details).toBe("Patios · One car")
    expect(lead.telHref).toBe("tel:+18015550100")
  })

  it("counts the requests a person sent that the mailbox never had; a bot's is not one", () => {
    const rows = [
      row({ ref: "AAAAAA" }),
      row({ ref: "CCCCCC", email: "pending" }),
      row({ ref: "EEEEEE", email: "failed", spam: "bot" }),
    ]
    expect(rows.filter(notEmailed).map(each => each.ref)).toEqual(["CCCCCC"])
    const counts = { total: rows.length, toCall: 3, notEmailed: rows.filter(notEmailed).length }
    const summary = leadsSummary({ leads: rows, counts, byMonth: [{ month: "2026-01", requests: 3 }], byPage: [] })
    expect(summary.headline).toBe("3 requests, newest first. 1 request did not reach your e-mail: call them from here.")
    // A page of a longer list: the counts are the host's, over all of them.
    const longer = leadsSummary({
      leads: rows,
      counts: { ...counts, total: 120, notEmailed: 0 },
      byMonth: [],
      byPage: [],
    })
    expect(longer.headline).toBe("120 requests, newest first; the newest 3 are shown. Every one reached your e-mail.")
    expect(summary.byMonth).toBe("2026-01: 3")
    expect(summary.byPage).toBe("none yet")
  })
})

describe("how the owner was told, and who was called", () => {
  const received = "2026-01-05T16:00:00.000Z"
  const at = (minutes: number) => new Date(Date.parse(received) + minutes * 60_000).toISOString()

  it("names each way that told the owner, with its time, and a failed browser e-mail is not one", () => {
    const told = row({ email: "sent", email_at: at(1), host_email_at: at(4), pushed_at: at(0) })
    expect(toldLine(told)).toBe(
      `Told: e-mail from the visitor's browser ${clock(at(1), received)} · host e-mail ${clock(at(4), received)} · push ${clock(at(0), received)}`,
    )
    expect(toldLine(row({ email: "failed", email_at: at(1), host_email_at: at(4) }))).toBe(
      `Told: host e-mail ${clock(at(4), received)}`,
    )
    expect(toldLine(row({ email: "pending", host_email_note: "destination address not verified" }))).toBe(
      "Not told yet (the host's e-mail failed: destination address not verified)",
    )
  })

  it("a time on the request's own day is the time alone, a later day's carries its date", () => {
    expect(clock(at(5), received)).not.toMatch(/2026/)
    expect(clock(at(3 * 24 * 60), received)).toMatch(/2026/)
  })

  it("a request the host e-mailed reached the mailbox, though the browser's e-mail failed", () => {
    expect(notEmailed(row({ email: "failed", host_email_at: at(4) }))).toBe(false)
    expect(notEmailed(row({ email: "failed" }))).toBe(true)
  })

  it("puts the requests still to call first, each part newest first; a bot's is never one to call", () => {
    const rows = [
      row({ ref: "AAAAAA", received_at: at(0) }),
      row({ ref: "CCCCCC", received_at: at(10), called_at: at(20) }),
      row({ ref: "EEEEEE", received_at: at(30) }),
      row({ ref: "FFFFFF", received_at: at(40), spam: "bot" }),
    ]
    const { toCall: waiting, rest } = byCall(rows)
    expect(waiting.map(each => each.ref)).toEqual(["EEEEEE", "AAAAAA"])
    expect(rest.map(each => each.ref)).toEqual(["FFFFFF", "CCCCCC"])
    expect(rows.filter(toCall)).toHaveLength(2)
    expect(calledLine(rows[1])).toBe(`Called ${clock(at(20), received)}`)
    expect(calledLine(rows[0])).toBe("")
  })

  it("gives the median time to call in minutes or hours, and says when none is marked", () => {
    expect(medianLine(42)).toContain("42 minutes")
    expect(medianLine(125)).toContain("2 h 05 min")
    expect(medianLine(null)).toContain("press Called")
  })

  it("says which way of telling the owner is missing or failing, and the section of docs/deploying.md", () => {
    expect(channelNotes({ push: true, hostEmail: true, hostEmailError: null })).toEqual([])
    const none = channelNotes({ push: false, hostEmail: false, hostEmailError: null })
    expect(none).toHaveLength(2)
    expect(none[0]).toMatch(/Email Routing.*docs\/deploying\.md › Email Routing/)
    expect(none[1]).toMatch(/VAPID_PUBLIC_KEY.*docs\/deploying\.md › Push notifications/)
    const failing = channelNotes({ push: true, hostEmail: true, hostEmailError: "destination address not verified" })
    expect(failing).toEqual([expect.stringContaining("destination address not verified")])
  })
})

describe("the sign-in's end (a GitHub App's token lasts 8 hours)", () => {
  const at = Date.UTC(2026, 10, 28, 17, 0)

  it("says nothing while the sign-in has more than a quarter of an hour left, or never ends", () => {
    expect(expiryWords(at + WARN_BEFORE_MS + 1, at)).toBeNull()
    expect(expiryWords(null, at)).toBeNull()
  })

  it("says when it ends in the last quarter of an hour, and that saving fails once it has", () => {
    expect(expiryWords(at + 10 * 60_000, at)).toMatch(/^Your GitHub sign-in ends at \d{1,2}:\d{2} [AP]M/)
    expect(expiryWords(at, at)).toMatch(/has ended .* saving will fail until you sign in again/)
  })

  it("shows the notice with its button only then, from the time the pop-up kept", () => {
    const host = document.createElement("div")
    localStorage.setItem(SIGN_IN_EXPIRES_KEY, String(at + 60 * 60_000))
    let now = at
    const stop = watchSignInExpiry(
      host,
      () => {},
      () => now,
    )
    expect(host.textContent).toBe("")
    now = at + 50 * 60_000
    stop()
    watchSignInExpiry(
      host,
      () => {},
      () => now,
    )()
    expect(host.querySelector("[role=status]")?.textContent).toContain("Your GitHub sign-in ends at")
    expect(host.querySelector("button")?.textContent).toBe("Sign in again")
    localStorage.removeItem(SIGN_IN_EXPIRES_KEY)
  })
})
