import type { PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { PhoneLink } from "../components/phone-link"
import { PolicyPage } from "../components/policy-page"
import { Seo } from "../components/seo"
import { useBusiness } from "../hooks/use-business"
import { paths } from "../lib/paths"

/** The accessibility statement: the target, how the site is checked, what is known not to meet it, whom to tell. */
export default function AccessibilityPage({ location }: PageProps) {
  const { name, email, phone, accessibilityStatementDate } = useBusiness()
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title="Accessibility Statement"
        description={`How ${name}'s website is built and checked to meet WCAG 2.2 AA, what is known not to, and how to report a barrier.`}
        keywords={["accessibility statement", "WCAG 2.2 AA", "report an accessibility barrier"]}
        pathname={paths.accessibility}
      />
      <PolicyPage title="Accessibility" date={accessibilityStatementDate} dateLabel="Statement dated">
        <p>
          We want everyone to be able to read about our work and ask for an estimate, whatever device, browser or
          assistive technology they use.
        </p>

        <h2>Our target</h2>
        <p>
          This site aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, the standard most
          accessibility laws and policies refer to.
        </p>

        <h2>How the site is checked</h2>
        <p>Every version of the site is tested before it is published. The tests:</p>
        <ul>
          <li>run the axe-core accessibility checks on every page at a phone&apos;s width and a desktop&apos;s;</li>
          <li>
            go through the menus, the estimate form and the questions by keyboard alone, and check that the focus can
            always be seen;
          </li>
          <li>measure the contrast of text and controls at rest, on hover and on focus;</li>
          <li>check that each page has one main heading and skips no heading level;</li>
          <li>
            use the pages at 200% zoom, in a short landscape window and with JavaScript turned off, when the form
            section gives the number to call instead.
          </li>
        </ul>
        <p>
          Automated tests cannot judge everything a person would notice, so we also welcome what you tell us (below).
        </p>

        <h2>Known limitations</h2>
        <ul>
          <li>
            The content manager at /admin/, which only the business uses to edit the site, is a third-party tool with
            its own interface; it is not covered by the tests above.
          </li>
          <li>
            The call, text and e-mail links open your own phone, messaging and e-mail apps, whose accessibility depends
            on them.
          </li>
        </ul>

        <h2>Report a barrier</h2>
        <p>
          If something on this site is hard or impossible for you to use, call <PhoneLink phone={phone} /> or write to{" "}
          <a href={`mailto:${email}`}>{email}</a>. Tell us the page and what happened; we will fix what we can and, in
          the meantime, give you the information or take your estimate request another way.
        </p>
      </PolicyPage>
    </Layout>
  )
}
