import type { PageProps } from "gatsby"
import { css } from "@emotion/react"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { TestEstimateSender } from "../components/test-estimate-sender"
import { useBusiness } from "../hooks/use-business"
import { paths } from "../lib/paths"
import { band, container } from "../styles/shared"
import { sizes } from "../styles/theme"

const column = css`
  ${container};
  max-width: ${sizes.prose};
`

/**
 * A page only the owner is sent to (docs/deploying.md): kept out of search results, the sitemap and every
 * menu. Its button tells the owner, in words, whether the estimate form's mail channel works right now.
 */
export default function SendTestEstimatePage({ location }: PageProps) {
  const { name, email } = useBusiness()
  return (
    <Layout pathname={location.pathname} breadcrumb={false}>
      <Seo
        title="Send a test estimate"
        description={`For ${name}'s owner: check that the website's estimate form can reach the business's inbox.`}
        keywords={[]}
        pathname={paths.testEstimate}
        noindex
      />
      <article css={[band, column]}>
        <h1>Send a test estimate</h1>
        <p>
          The button sends one estimate request marked TEST through the same EmailJS settings as the form on every page,
          from this browser, and shows what EmailJS answered. It should arrive at {email} within a minute or two. Do
          this after every change to the EmailJS account, and whenever you have not had a request for a while.
        </p>
        <TestEstimateSender />
      </article>
    </Layout>
  )
}
