import { css } from "@emotion/react"
import { Children, type ReactNode } from "react"
import { Helmet } from "react-helmet"
import { useBusiness } from "../hooks/use-business"
import { crumbsFor, type Crumb } from "../lib/breadcrumbs"
import { breadcrumbLd, serialiseLd } from "../lib/json-ld"
import { normalisePath } from "../lib/urls"
import { GlobalStyles } from "../styles/global"
import { colors, fontWeights, radii, space, zIndices } from "../styles/theme"
import { ActionBar } from "./action-bar"
import { Breadcrumb } from "./breadcrumb"
import { ErrorBoundary } from "./error-boundary"
import { Footer } from "./footer"
import { GoogleTag } from "./google-tag"
import { Header } from "./header"
import { HydratesAlone } from "./hydrates-alone"
import { SavedEstimateNotice } from "./saved-estimate-notice"

export interface LayoutProps {
  pathname: string
  /** False on pages whose path is not a place in the site, such as the 404 page. */
  breadcrumb?: boolean
  /** The trail, where the path's segments do not name pages (a project, a filtered list of projects). */
  crumbs?: Crumb[]
  children: ReactNode
}

const skipLink = css`
  position: absolute;
  left: ${space.md};
  top: ${space.xs};
  z-index: ${zIndices.skip};
  padding: ${space.xs} ${space.md};
  background: ${colors.paper};
  color: ${colors.accentText};
  font-weight: ${fontWeights.bold};
  border-radius: ${radii.md};
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`

const main = css`
  display: block;
  &:focus {
    outline: none;
  }
`

export function Layout({ pathname, breadcrumb = true, crumbs: trail, children }: LayoutProps) {
  const { siteUrl } = useBusiness()
  const path = normalisePath(pathname)
  const onHome = path === "/"
  const crumbs = breadcrumb && !onHome ? (trail ?? crumbsFor(path)) : null
  // Each part of the page, and each part of the page's own content, hydrates on its own (hydrates-alone.tsx).
  return (
    <>
      <GlobalStyles />
      <a href="#main" css={skipLink}>
        Skip to main content
      </a>
      <HydratesAlone>
        <Header onHome={onHome} />
      </HydratesAlone>
      {crumbs && (
        <>
          <Helmet>
            <script type="application/ld+json">{serialiseLd(breadcrumbLd(siteUrl, crumbs))}</script>
          </Helmet>
          <HydratesAlone>
            <Breadcrumb crumbs={crumbs} />
          </HydratesAlone>
        </>
      )}
      <main id="main" tabIndex={-1} css={main}>
        <HydratesAlone>
          <SavedEstimateNotice />
        </HydratesAlone>
        <ErrorBoundary>
          {Children.map(children, part => (
            <HydratesAlone>{part}</HydratesAlone>
          ))}
        </ErrorBoundary>
      </main>
      <HydratesAlone>
        <Footer onHome={onHome} />
      </HydratesAlone>
      <HydratesAlone>
        <ActionBar onHome={onHome} />
      </HydratesAlone>
      <GoogleTag />
    </>
  )
}
