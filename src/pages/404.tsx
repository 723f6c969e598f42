import { Link, type PageProps } from "gatsby"
import { css } from "@emotion/react"
import { useEffect } from "react"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { colors, fontSizes, fontWeights, space } from "../styles/theme"
import { band, container, primaryButton } from "../styles/shared"

const box = css`
  ${band};
  ${container};
  text-align: center;
`

const code = css`
  margin: 0;
  color: ${colors.accentText};
  font-size: ${fontSizes.hero};
  font-weight: ${fontWeights.heavy};
`

const actions = css`
  margin-top: ${space.lg};
`

export default function NotFoundPage({ location }: PageProps) {
  useEffect(() => {
    console.error("404: no page at", location.pathname)
  }, [location.pathname])
  return (
    <Layout pathname={location.pathname} breadcrumb={false}>
      <Seo
        title="Page not found"
        description="The page you asked for is not on this site."
        keywords={[]}
        pathname="/404"
        noindex
      />
      <div css={box}>
        <p css={code}>404</p>
        <h1>Oops! Page not found</h1>
        <p>The page you were looking for has moved or never existed.</p>
        <p css={actions}>
          <Link to="/" css={primaryButton}>
            Back to home
          </Link>
        </p>
      </div>
    </Layout>
  )
}
