import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { useMenuIntent } from "../hooks/use-menu-intent"
import { useNavigation } from "../hooks/use-navigation"
import { countInWords } from "../lib/text"
import { breakpoints, colors, fontSizes, fontWeights, sizes, space, zIndices } from "../styles/theme"
import { container, primaryButton } from "../styles/shared"
import { Logo } from "./logo"
import { MobileMenu } from "./mobile-menu"
import { NavDropdown } from "./nav-dropdown"
import { SectionLink } from "./section-link"
import { PhoneLink } from "./phone-link"
import { HeaderCall } from "./header-call"
import { paths, sectionPath } from "../lib/paths"

export interface HeaderProps {
  onHome: boolean
}

const bar = css`
  position: sticky;
  top: 0;
  z-index: ${zIndices.header};
  height: ${sizes.headerHeight};
  background: ${colors.slate};
  color: ${colors.onSlate};
`

const inner = css`
  ${container};
  height: 100%;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.xs};
`

// Below sm a fixed width from the left, so a slow phone that draws the call control before the menu button
// moves neither: the button comes in beside it (logo.tsx keeps the room free).
const phoneControls = css`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${space.xs};
  width: ${sizes.headerControlsSmall};
  ${breakpoints.sm} {
    width: auto;
  }
  ${breakpoints.lg} {
    display: none;
  }
`

const desktopNav = css`
  display: none;
  ${breakpoints.lg} {
    display: flex;
    align-items: center;
    gap: ${space.xs};
  }
`

const navText = css`
  display: inline-flex;
  align-items: center;
  min-height: ${sizes.tapTarget};
  padding: 0 ${space.sm};
  color: ${colors.onSlate};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    color: ${colors.accentOnSlate};
  }
  &:focus-visible {
    outline-color: ${colors.focusOnSlate};
  }
`

const phoneLink = css`
  ${navText};
  font-size: ${fontSizes.small};
  ${breakpoints.lg} {
    font-size: ${fontSizes.body};
  }
`

const estimateButton = css`
  ${primaryButton};
  white-space: nowrap;
  &:focus-visible {
    outline-color: ${colors.focusOnSlate};
  }
`

export function Header({ onHome }: HeaderProps) {
  const { phone } = useBusiness()
  const { services, counties, cityCount } = useNavigation()
  const dropdown = useMenuIntent()

  return (
    <header css={bar}>
      <div css={inner}>
        <Logo />
        <nav aria-label="Main" css={desktopNav}>
          <NavDropdown
            name="services"
            label="Services"
            intro={{
              title: "All concrete services",
              text: "Driveways to retaining walls, built for Utah winters",
              to: sectionPath("services", paths.home),
            }}
            items={services}
            {...dropdown("services")}
          />
          <NavDropdown
            name="locations"
            label="Locations"
            intro={{
              title: "All service areas",
              text: `${cityCount} cities across ${countInWords(counties.length)} Wasatch Front counties`,
              to: paths.locations,
            }}
            items={counties}
            {...dropdown("locations")}
          />
          <SectionLink section="faq" onHome={onHome} css={navText}>
            FAQ
          </SectionLink>
          <PhoneLink phone={phone} css={phoneLink}>
            <span aria-hidden="true">☎&nbsp;</span>
            {phone}
          </PhoneLink>
          <SectionLink section="estimate" onHome={onHome} elsewhere={paths.estimate} css={estimateButton}>
            Free Estimate
          </SectionLink>
        </nav>
        <div css={phoneControls}>
          <HeaderCall phone={phone} />
          <MobileMenu onHome={onHome} phone={phone} services={services} counties={counties} />
        </div>
      </div>
    </header>
  )
}
