import { Link } from "gatsby"
import { css } from "@emotion/react"
import { forwardRef, type FocusEvent, type ReactNode } from "react"
import { breakpoints, colors, fontSizes, fontWeights, radii, shadows, sizes, space, zIndices } from "../styles/theme"
import { bareList, primaryButton } from "../styles/shared"
import type { NavItem } from "./nav-dropdown"
import { SectionLink } from "./section-link"
import { PhoneLink } from "./phone-link"
import { paths } from "../lib/paths"

/** The panel's id, which the menu's toggle controls. */
export const MOBILE_MENU_ID = "mobile-menu"

export interface MobileMenuPanelProps {
  open: boolean
  onHome: boolean
  phone: string
  services: NavItem[]
  counties: NavItem[]
  /** A link was chosen: the menu closes. */
  onClose: () => void
  onBlur: (event: FocusEvent) => void
}

const panel = css`
  position: absolute;
  top: ${sizes.headerHeight};
  left: 0;
  right: 0;
  z-index: ${zIndices.menu};
  max-height: calc(100vh - ${sizes.headerHeight});
  max-height: calc(100dvh - ${sizes.headerHeight});
  overflow-y: auto;
  padding: ${space.md} ${space.md} ${space.xl};
  background: ${colors.paper};
  color: ${colors.ink};
  box-shadow: ${shadows.menu};
  .group {
    margin: ${space.md} 0 ${space.xs};
    font-size: ${fontSizes.small};
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: ${colors.inkMuted};
  }
  ul {
    ${bareList}
  }
  ${breakpoints.lg} {
    display: none;
  }
`

const item = css`
  display: flex;
  align-items: center;
  min-height: ${sizes.tapTarget};
  padding: 0 ${space.xs};
  border-radius: ${radii.sm};
  color: ${colors.ink};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  &:hover {
    background: ${colors.concrete};
    color: ${colors.accentText};
  }
`

const actions = css`
  display: grid;
  gap: ${space.sm};
  margin-top: ${space.lg};
`

const callButton = css`
  ${item};
  justify-content: center;
  border: ${sizes.borderThick} solid ${colors.ink};
  border-radius: ${radii.md};
`

/** The phone menu's panel: every navigation link, the call and the estimate, under the header. */
interface MenuGroupProps {
  id: string
  title: string
  /** The link to the whole group, above its members. */
  first: ReactNode
  links: readonly NavItem[]
  onClose: () => void
}

function MenuGroup({ id, title, first, links, onClose }: MenuGroupProps) {
  return (
    <>
      <p className="group" id={id}>
        {title}
      </p>
      <ul aria-labelledby={id}>
        <li>{first}</li>
        {links.map(link => (
          <li key={link.to}>
            <Link to={link.to} css={item} onClick={onClose}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}

export const MobileMenuPanel = forwardRef<HTMLElement, MobileMenuPanelProps>(function MobileMenuPanel(
  { open, onHome, phone, services, counties, onClose, onBlur },
  ref,
) {
  return (
    <nav ref={ref} id={MOBILE_MENU_ID} aria-label="Mobile" css={panel} hidden={!open} onBlur={onBlur}>
      <MenuGroup
        id="mobile-services"
        title="Services"
        first={
          <SectionLink section="services" onHome={onHome} css={item} onClick={onClose}>
            All services
          </SectionLink>
        }
        links={services}
        onClose={onClose}
      />
      <MenuGroup
        id="mobile-locations"
        title="Locations"
        first={
          <Link to={paths.locations} css={item} onClick={onClose}>
            All Locations
          </Link>
        }
        links={counties}
        onClose={onClose}
      />
      <ul>
        <li>
          <SectionLink section="faq" onHome={onHome} css={item} onClick={onClose}>
            FAQ
          </SectionLink>
        </li>
      </ul>
      <div css={actions}>
        <PhoneLink phone={phone} css={callButton} onClick={onClose}>
          Call {phone}
        </PhoneLink>
        <SectionLink
          section="estimate"
          onHome={onHome}
          elsewhere={paths.estimate}
          css={primaryButton}
          onClick={onClose}
        >
          Free Estimate
        </SectionLink>
      </div>
    </nav>
  )
})
