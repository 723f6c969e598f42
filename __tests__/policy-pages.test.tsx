import { render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import AccessibilityPage from "../src/pages/accessibility"
import PrivacyPage from "../src/pages/privacy"
import { OUTBOX_MAX_AGE_DAYS } from "../src/browser/estimate/outbox"
import { LEADS_RETENTION_MONTHS_DEFAULT, retentionMonths } from "../src/lib/estimate/inbox-contract"
import { readWranglerConfig } from "../scripts/wrangler-config.cjs"
import { business, fixturePhone, pageProps, staticQueryData } from "./fixtures/site-data"

const dated = {
  ...staticQueryData,
  businessJson: {
    ...staticQueryData.businessJson,
    privacyPolicyEffective: "2027-01-15",
    accessibilityStatementDate: "2027-02-01",
  },
}

const main = () => screen.getByRole("main")

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue(dated)
})

afterEach(() => {
  delete process.env.GATSBY_GTAG_ID
  delete process.env.GATSBY_EMAILJS_ORIGIN
})

describe("the privacy page", () => {
  const retention = { site: { siteMetadata: { leadsRetentionMonths: 7 } } }
  const renderPrivacy = () => render(<PrivacyPage {...pageProps(retention, "/privacy")} />)

  it("prints the host's own retention, and what the inbox and its host keep and for how long", () => {
    renderPrivacy()
    expect(main()).toHaveTextContent("It is deleted automatically 7 months after it arrived")
    expect(main()).toHaveTextContent(
      /restored from that history for 7 days on .* free plan or 30 days on its paid plan/,
    )
    expect(main()).toHaveTextContent("deleted within a few minutes after the hour ends")
    expect(main()).toHaveTextContent("never your name or phone number")
  })

  it("prints the retention wrangler.jsonc sets, as the build reads it, and the build refuses one out of range", () => {
    const months = retentionMonths(readWranglerConfig().vars?.LEADS_RETENTION_MONTHS)
    expect(months).toBeGreaterThanOrEqual(1)
    for (const wrong of ["0", "121", "12.5", "twelve", "", "-3"])
      expect(() => retentionMonths(wrong)).toThrow(/1 to 120/)
    expect(retentionMonths(undefined)).toBe(LEADS_RETENTION_MONTHS_DEFAULT)
    expect(retentionMonths("120")).toBe(120)
  })

  it("has one h1, the date the owner set, and how to ask for a copy or deletion", () => {
    renderPrivacy()
    expect(screen.getAllByRole("heading", { level: 1 }).map(heading => heading.textContent)).toEqual(["Privacy policy"])
    expect(main()).toHaveTextContent("In effect since: January 15, 2027")
    const rights = screen.getByRole("heading", { name: /copy, a correction or deletion/ })
      .nextElementSibling as HTMLElement
    expect(within(rights).getByRole("link", { name: business.email })).toHaveAttribute(
      "href",
      `mailto:${business.email}`,
    )
    expect(within(rights).getByRole("link", { name: business.phone })).toHaveAttribute("href", fixturePhone.tel)
  })

  it("says what is collected, who carries it, what stays on the device and for how long, and that nothing is sold", () => {
    renderPrivacy()
    expect(main()).toHaveTextContent(/collects the name and the phone number/)
    expect(main()).toHaveTextContent(/through EmailJS/)
    expect(main()).toHaveTextContent(`after ${OUTBOX_MAX_AGE_DAYS} days unsent`)
    expect(main()).toHaveTextContent(/We do not sell/)
  })

  it("names the mail service the build was made for", () => {
    process.env.GATSBY_EMAILJS_ORIGIN = "https://mail.relay.test"
    renderPrivacy()
    expect(main()).toHaveTextContent("through the e-mail service at mail.relay.test")
    expect(main()).not.toHaveTextContent(/EmailJS/)
  })

  it("says what EmailJS keeps of a request, citing its own published policy and terms", () => {
    renderPrivacy()
    expect(main()).toHaveTextContent(/EmailJS also keeps a record of each e-mail it sends for us/)
    expect(main()).toHaveTextContent(/sent-mail history/)
    expect(screen.getByRole("link", { name: "privacy policy" })).toHaveAttribute(
      "href",
      "https://www.emailjs.com/legal/privacy-policy/",
    )
    expect(screen.getByRole("link", { name: "terms" })).toHaveAttribute(
      "href",
      "https://www.emailjs.com/legal/terms-and-conditions/",
    )
    expect(main()).not.toHaveTextContent(/handles it only to deliver it/)
  })

  it("says how the site answers Do Not Track, and that the reference and follow-up details are kept like the request", () => {
    renderPrivacy()
    const dnt = screen.getByRole("heading", { level: 2, name: "Do Not Track" }).nextElementSibling as HTMLElement
    expect(dnt).toHaveTextContent(/does not act on it/)
    expect(main()).toHaveTextContent(/short reference/)
    expect(main()).toHaveTextContent(/answers go out with the same reference and are kept like the request/)
  })

  it("says no cookies are set in a build without Google's tag, and does not mention it", () => {
    renderPrivacy()
    expect(main()).toHaveTextContent("This site sets no cookies")
    expect(main()).not.toHaveTextContent(/Google/)
  })

  it("describes Google's tag, its cookies and how to opt out only in a build that loads it", () => {
    process.env.GATSBY_GTAG_ID = "G-TEST1234"
    renderPrivacy()
    expect(screen.getByRole("heading", { level: 2, name: "Google's tag" })).toBeInTheDocument()
    expect(main()).toHaveTextContent(/sets cookies/)
    expect(screen.getByRole("link", { name: "myadcenter.google.com" })).toHaveAttribute(
      "href",
      "https://myadcenter.google.com/",
    )
    expect(main()).not.toHaveTextContent("This site sets no cookies")
  })

  it("says so in a preview whose owner has not dated the policy yet", () => {
    ;(useStaticQuery as jest.Mock).mockReturnValue(staticQueryData)
    renderPrivacy()
    expect(main()).toHaveTextContent("In effect since: not yet set (this is a preview)")
  })
})

describe("the accessibility page", () => {
  it("states the target, the checks, a limitation, how to report a barrier and its date", () => {
    render(<AccessibilityPage {...pageProps({}, "/accessibility")} />)
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Accessibility")
    expect(main()).toHaveTextContent("WCAG) 2.2 at level AA")
    expect(main()).toHaveTextContent(/axe-core/)
    expect(screen.getByRole("heading", { name: "Known limitations" })).toBeInTheDocument()
    const report = screen.getByRole("heading", { name: "Report a barrier" }).nextElementSibling as HTMLElement
    expect(within(report).getByRole("link", { name: business.phone })).toHaveAttribute("href", fixturePhone.tel)
    expect(within(report).getByRole("link", { name: business.email })).toBeInTheDocument()
    expect(main()).toHaveTextContent("Statement dated: February 1, 2027")
  })
})
