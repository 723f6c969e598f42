import { Link } from "gatsby"
import { css } from "@emotion/react"
import type { ReactNode } from "react"
import { useBusiness } from "../hooks/use-business"
import { useNavigation } from "../hooks/use-navigation"
import { breakpoints, colors, fontSizes, fontWeights, sizes, space } from "../styles/theme"
import { bareList, container } from "../styles/shared"
import type { NavItem } from "./nav-dropdown"
import { SectionLink } from "./section-link"
import { PhoneLink } from "./phone-link"
import { RatingSummary } from "./rating-summary"
import { countiesPhrase } from "../lib/page-copy"
import { paths } from "../lib/paths"
import { hoursLines, LICENCE_LOOKUP_URL, licenceLine } from "../lib/trust"

/** The footer's id: without scripts the header's menu button is a link to it. */
export const FOOTER_ID = "site-links"

export interface FooterProps {
  onHome: boolean
}

const footer = css`
  background: ${colors.slate};
  color: ${colors.onSlateMuted};
  padding: ${space.xxl} 0 ${space.lg};
  a {
    display: inline-block;
    padding: ${space.xxs} 0;
    color: ${colors.onSlate};
  }
  a:hover {
    color: ${colors.accentOnSlate};
  }
  a:focus-visible {
    outline-color: ${colors.focusOnSlate};
  }
  ul {
    ${bareList}
  }
`

const grid = css`
  ${container};
  display: grid;
  gap: ${space.xl};
  ${breakpoints.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${breakpoints.lg} {
    grid-template-columns: 1.4fr 1fr 1fr 1fr;
  }
`

const heading = css`
  margin: 0 0 ${space.sm};
  color: ${colors.onSlate};
  font-size: ${fontSizes.body};
  font-weight: ${fontWeights.bold};
`

const legal = css`
  ${container};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${space.sm} ${space.lg};
  margin-top: ${space.xl};
  padding-top: ${space.lg};
  border-top: ${sizes.border} solid ${colors.slateSoft};
  font-size: ${fontSizes.small};
  p {
    margin: 0;
  }
`

const legalLinks = css`
  display: flex;
  gap: ${space.lg};
`

function FooterNav({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} css={heading}>
        {title}
      </h2>
      <ul>{children}</ul>
    </nav>
  )
}

function LinkItems({ links }: { links: readonly NavItem[] }) {
  return (
    <>
      {links.map(link => (
        <li key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </li>
      ))}
    </>
  )
}

export function Footer({ onHome }: FooterProps) {
  const { name, phone, email, hours, rating, licenseNumber } = useBusiness()
  const { services, counties, offers, hasProjects, hasReviews } = useNavigation()
  return (
    <footer id={FOOTER_ID} css={footer}>
      <div css={grid}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" css={heading}>
            {name}
          </h2>
          <p>Concrete {offers} across the Wasatch Front.</p>
          <p>
            <PhoneLink phone={phone} />
            <br />
            <a href={`mailto:${email}`}>{email}</a>
          </p>
          {rating && <RatingSummary rating={rating} />}
          <p>
            {hoursLines(hours).map(line => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </p>
          {licenseNumber && (
            <p>
              <a href={LICENCE_LOOKUP_URL}>{licenceLine(licenseNumber)}</a>
            </p>
          )}
        </section>
        <FooterNav id="footer-quick" title="Quick links">
          <li>
            <SectionLink section="services" onHome={onHome}>
              Services
            </SectionLink>
          </li>
          <li>
            <SectionLink section="estimate" onHome={onHome} elsewhere={paths.estimate}>
              Free Estimate
            </SectionLink>
          </li>
          <li>
            <SectionLink section="faq" onHome={onHome}>
              FAQ
            </SectionLink>
          </li>
          <li>
            <Link to={paths.locations}>Service Locations</Link>
          </li>
          {hasProjects && (
            <li>
              <Link to={paths.projects}>Our Work</Link>
            </li>
          )}
          {hasReviews && (
            <li>
              <Link to={paths.reviews}>Reviews</Link>
            </li>
          )}
        </FooterNav>
        <FooterNav id="footer-services" title="Services">
          <LinkItems links={services} />
        </FooterNav>
        <FooterNav id="footer-areas" title="Service areas">
          <LinkItems links={counties} />
        </FooterNav>
      </div>
      <div css={legal}>
        <p>
          © {new Date().getFullYear()} {name.replace(/\.$/, "")}. Serving{" "}
          {countiesPhrase(counties.map(county => county.label))}, Utah.
        </p>
        <ul css={legalLinks}>
          <li>
            <Link to={paths.privacy}>Privacy</Link>
          </li>
          <li>
            <Link to={paths.accessibility}>Accessibility</Link>
          </li>
          <li>
            <Link to={paths.warranty}>Warranty</Link>
          </li>
        </ul>
      </div>
    </footer>
  )
}
