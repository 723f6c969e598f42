import { Link } from "gatsby"
import { css } from "@emotion/react"
import type { Crumb } from "../lib/breadcrumbs"
import { colors, fontSizes, sizes, space } from "../styles/theme"
import { container } from "../styles/shared"

export interface BreadcrumbProps {
  crumbs: Crumb[]
}

const bar = css`
  background: ${colors.concrete};
  border-bottom: ${sizes.border} solid ${colors.line};
  font-size: ${fontSizes.small};
  ol {
    ${container};
    display: flex;
    flex-wrap: wrap;
    gap: ${space.xxs} ${space.xs};
    list-style: none;
    margin: 0 auto;
    padding-top: ${space.xs};
    padding-bottom: ${space.xs};
  }
  li + li::before {
    content: "›";
    margin-right: ${space.xs};
    color: ${colors.inkMuted};
  }
  a {
    display: inline-block;
    padding: ${space.xxs} 0;
  }
  [aria-current] {
    color: ${colors.inkMuted};
  }
`

export function Breadcrumb({ crumbs }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" css={bar}>
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.path}>
              <Link to={crumb.path}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}
