import { graphql, type PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { PhoneLink } from "../components/phone-link"
import { PolicyPage } from "../components/policy-page"
import { Seo } from "../components/seo"
import { useBusiness } from "../hooks/use-business"
import { EMAILJS_DEFAULT_ORIGIN, emailjsOrigin, gtagId } from "../lib/estimate/config"
import { OUTBOX_MAX_AGE_DAYS } from "../browser/estimate/outbox"
import { paths } from "../lib/paths"

/**
 * What this build does with a visitor's data, written from the same configuration the build runs on:
 * the mail service the form was built for, and Google's tag only in a build that loads it.
 */
export default function PrivacyPage({ data, location }: PageProps<Queries.PrivacyPageQuery>) {
  const { name, email, phone, privacyPolicyEffective } = useBusiness()
  // The host's own setting (wrangler.jsonc), which the Worker deletes by: gatsby-config.ts reads and checks it.
  const retention = data.site?.siteMetadata?.leadsRetentionMonths
  const origin = emailjsOrigin()
  const isEmailjs = origin === EMAILJS_DEFAULT_ORIGIN
  const carrier = isEmailjs ? "EmailJS" : `the e-mail service at ${new URL(origin).host}`
  const googleTag = Boolean(gtagId())
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title="Privacy Policy"
        description={`What ${name}'s website collects when you ask for an estimate, who carries it, what stays on your device, and how to ask for a copy or for deletion.`}
        keywords={["privacy policy", "estimate request data", "EmailJS"]}
        pathname={paths.privacy}
      />
      <PolicyPage title="Privacy policy" date={privacyPolicyEffective} dateLabel="In effect since">
        <p>
          This page says what {name} collects through this website, why, and what you can ask us to do with it. It
          describes this site as it is built now.
        </p>

        <h2>What we collect, and why</h2>
        <p>
          When you ask for a free estimate, the form collects the name and the phone number you type. The request also
          carries the title and address of the page you sent it from and your device&apos;s local date and time, so we
          know what you were reading about and when you asked. Each request gets a short reference of six letters and
          digits, shown when it is sent, so that a request sent twice is recognised as one. After it is sent you may
          answer three optional questions (the kind of project, a rough size and when you would like it done); your
          answers go out with the same reference and are kept like the request. We use all of this only to call or text
          you about your estimate. You do not need an account, and the site asks for nothing else.
        </p>

        <h2>Who carries your request, and where it is kept</h2>
        <p>
          When you press the button, your browser first sends the request to this website&apos;s own inbox: a database
          at our web host, Cloudflare (its D1 service). It keeps what the request carries (name, phone number, page,
          your device&apos;s date and time, the reference and any optional answers), when it arrived, whether the
          form&apos;s hidden anti-spam field was filled, how and when we were told of it and when we called you back. It
          also keeps a scrambled code (a hash) of a random secret your browser made for the request, so that only your
          browser can change it later (to add your optional answers, say). It is deleted automatically {retention}{" "}
          months after it arrived, or sooner when you ask. Cloudflare&apos;s D1 keeps a history of the database for its
          Time Travel restore, so a deleted request can still be restored from that history for 7 days on
          Cloudflare&apos;s free plan or 30 days on its paid plan, and is then gone. Where the site runs without that
          database, this step is skipped.
        </p>
        <p>
          To stop floods of fake requests, the inbox counts the requests from each network (one internet address, or the
          block of addresses one home or phone is given) for the hour, and the requests of the whole site for the day.
          It keeps the network only as a scrambled code (a hash salted with a secret value our host made and keeps) that
          cannot be turned back into the address, and a new code each hour. Each hour&apos;s counts are deleted within a
          few minutes after the hour ends; the day&apos;s total holds no address and goes after two days.
        </p>
        <p>
          When a request arrives, our host may tell our phones with a notification, carried by the push service of the
          phone&apos;s or its browser&apos;s maker. It says which page you were on and when, never your name or phone
          number. If the e-mail from your browser (below) does not reach us within a few minutes, our host e-mails us
          the request itself, through Cloudflare&apos;s Email Routing, to our own mailbox.
        </p>
        <p>
          Your browser then sends the request through {carrier}, a service that delivers it as an e-mail to our inbox,
          where it stays. A browser that runs no JavaScript sends the request to this website&apos;s inbox alone, and
          our host tells us of it as above.
        </p>
        {isEmailjs ? (
          <p>
            EmailJS also keeps a record of each e-mail it sends for us, the request&apos;s text included, in our
            account&apos;s sent-mail history, which we can read in its dashboard; how long depends on the account&apos;s
            plan. EmailJS keeps it under its own{" "}
            <a href="https://www.emailjs.com/legal/privacy-policy/">privacy policy</a> (last modified March 8, 2024, as
            read on November 25, 2026) and <a href="https://www.emailjs.com/legal/terms-and-conditions/">terms</a>.
          </p>
        ) : (
          <p>{carrier} handles it under its own terms, which may keep a record of the e-mails it delivers.</p>
        )}

        <h2>What stays on your device</h2>
        <ul>
          <li>
            While you type, your browser keeps a draft of the name and phone number (and, once you press the button, the
            request&apos;s reference and secret) in this tab&apos;s session storage, so that reloading the page loses
            nothing. It is removed when the request is sent, and when you close the tab.
          </li>
          <li>
            If you are offline when you press the button, or our mail service does not take the request at once, your
            browser keeps the request, with its reference and secret, in its local storage and sends it when the
            connection comes back while a page of this site is open. It is removed once the mail service has accepted
            it, when you press Cancel in the notice that shows it, or after {OUTBOX_MAX_AGE_DAYS} days unsent. Once you
            have been offered the three optional questions, your browser also remembers that, so you are not asked
            again.
          </li>
          <li>
            Clearing this site&apos;s data in your browser&apos;s settings removes both at any time. Neither is sent
            anywhere else or used for anything else.
          </li>
        </ul>

        {googleTag ? (
          <>
            <h2>Google&apos;s tag</h2>
            <p>
              The pages of this site load Google&apos;s tag once they have finished loading. It sets cookies in your
              browser and tells Google when an estimate request is sent or a call link is tapped, so we can see which of
              our advertising brings customers. Google receives these reports with the information its tag reads from
              your browser, under Google&apos;s own privacy policy (
              <a href="https://policies.google.com/privacy">policies.google.com/privacy</a>). Your name and phone number
              are not part of them.
            </p>
            <p>
              To opt out, turn off personalised ads in Google&apos;s My Ad Center (
              <a href="https://myadcenter.google.com/">myadcenter.google.com</a>), block third-party cookies in your
              browser&apos;s settings, or use a content blocker: the form works without the tag.
            </p>
          </>
        ) : (
          <>
            <h2>Cookies and tracking</h2>
            <p>This site sets no cookies and loads no analytics or advertising scripts.</p>
          </>
        )}

        <h2>Do Not Track</h2>
        <p>
          Browsers can send a &quot;Do Not Track&quot; signal. This site does not act on it:{" "}
          {googleTag
            ? "Google's tag loads whether or not your browser sends it; the ways to opt out above work either way."
            : "it tracks no one in the first place, so there is nothing for the signal to turn off."}
        </p>

        <h2>We do not sell your information</h2>
        <p>
          We do not sell your name, your phone number or anything else you give us, and we do not give them to anyone to
          market to you.
        </p>

        <h2>A copy, a correction or deletion</h2>
        <p>
          To ask what we hold about you, to correct it, or to have it deleted, write to{" "}
          <a href={`mailto:${email}`}>{email}</a> or call <PhoneLink phone={phone} />. We delete a request from the
          website&apos;s inbox the same way we find it: by your name, your phone number or its reference.
        </p>

        <h2>Changes</h2>
        <p>When this policy changes, the date at the top of this page changes with it.</p>
      </PolicyPage>
    </Layout>
  )
}

export const query = graphql`
  query PrivacyPage {
    site {
      siteMetadata {
        leadsRetentionMonths
      }
    }
  }
`
