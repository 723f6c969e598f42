/* The words of the owner's Leads view (src/admin/leads/rows.ts), from rows of the tests' own. */
import { describeLead, leadsSummary, notEmailed, type LeadRow } from "../src/admin/leads/rows"

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
    const summary = leadsSummary({ leads: rows, byMonth: [{ month: "2026-01", requests: 3 }], byPage: [] })
    expect(summary.headline).toBe("3 requests, newest first. 1 request did not reach your e-mail: call them from here.")
    expect(summary.byMonth).toBe("2026-01: 3")
    expect(summary.byPage).toBe("none yet")
  })
})
