/*
 * The phone menu: its toggle, the panel of services, counties and contact, focus kept inside while it is open
 * and returned to the toggle on Escape, and its styles, including the links it shows without scripts. Over 200
 * lines because half of it is those styles.
 */
import { Link } from "gatsby"
import { css } from "@emotion/react"
import { useEffect, useRef, useState, type FocusEvent } from "react"
import {
  breakpoints,
  colors,
  fontSizes,
  fontWeights,
  radii,
  scripting,
  shadows,
  sizes,
  space,
  zIndices,
} from "../styles/theme"
import { primaryButton, shownFromSm } from "../styles/shared"
import type { NavItem } from "./nav-dropdown"
import { FOOTER_ID } from "./footer"
import { SectionLink } from "./section-link"
import { PhoneLink } from "./phone-link"
import { paths } from "../lib/paths"

export interface MobileMenuProps {
  onHome: boolean
  phone: string
  services: NavItem[]
  counties: NavItem[]
}

const toggle = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: ${sizes.tapTarget};
  min-width: ${sizes.tapTarget};
  padding: 0 ${space.sm};
  background: none;
  border: ${sizes.borderThick} solid ${colors.onSlateMuted};
  border-radius: ${radii.md};
  color: ${colors.onSlate};
  font: inherit;
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:focus-visible {
    outline-color: ${colors.focusOnSlate};
  }
  svg {
    flex: none;
    max-width: none;
  }
  ${breakpoints.lg} {
    display: none;
  }
  ${scripting.none} {
    display: none;
  }
`

// Without scripts the menu button is a link to the footer, which has every navigation link.
const footerLink = css`
  ${toggle};
  display: none;
  text-decoration: none;
  ${scripting.none} {
    display: inline-flex;
  }
  ${breakpoints.lg} {
    display: none;
  }
`

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
    list-style: none;
    margin: 0;
    padding: 0;
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

/** The menu for narrow screens: one button toggles a panel with every navigation link. */
export function MobileMenu({ onHome, phone, services, counties }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLElement>(null)
  const close = () => setOpen(false)

  // The open panel covers the page: when Tab leaves it, close it so the focused control is not hidden
  // behind it. Focus going nowhere (the window losing focus) keeps it open.
  const closeOnFocusLeave = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null
    if (open && next && !buttonRef.current?.contains(next) && !panelRef.current?.contains(next)) close()
  }

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener("keydown", onKey)
    return () => document.removeEventListener("keydown", onKey)
  }, [open])

  const icon = (cross: boolean) => (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={cross ? "M4 4 L16 16 M16 4 L4 16" : "M2 5 H18 M2 10 H18 M2 15 H18"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )

  return (
    <>
      <a href={`#${FOOTER_ID}`} css={footerLink}>
        {icon(false)}
        <span css={shownFromSm}>Menu</span>
      </a>
      <button
        ref={buttonRef}
        type="button"
        css={toggle}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(value => !value)}
        onBlur={closeOnFocusLeave}
      >
        {icon(open)}
        {/* On the narrowest phones the icon alone, to leave room for the call control; the name stays. */}
        <span css={shownFromSm}>{open ? "Close menu" : "Menu"}</span>
      </button>
      <nav ref={panelRef} id="mobile-menu" aria-label="Mobile" css={panel} hidden={!open} onBlur={closeOnFocusLeave}>
        <p className="group" id="mobile-services">
          Services
        </p>
        <ul aria-labelledby="mobile-services">
          <li>
            <SectionLink section="services" onHome={onHome} css={item} onClick={close}>
              All services
            </SectionLink>
          </li>
          {services.map(service => (
            <li key={service.to}>
              <Link to={service.to} css={item} onClick={close}>
                {service.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="group" id="mobile-locations">
          Locations
        </p>
        <ul aria-labelledby="mobile-locations">
          <li>
            <Link to={paths.locations} css={item} onClick={close}>
              All Locations
            </Link>
          </li>
          {counties.map(county => (
            <li key={county.to}>
              <Link to={county.to} css={item} onClick={close}>
                {county.label}
              </Link>
            </li>
          ))}
        </ul>
        <ul>
          <li>
            <SectionLink section="faq" onHome={onHome} css={item} onClick={close}>
              FAQ
            </SectionLink>
          </li>
        </ul>
        <div css={actions}>
          <PhoneLink phone={phone} css={callButton} onClick={close}>
            Call {phone}
          </PhoneLink>
          <SectionLink
            section="estimate"
            onHome={onHome}
            elsewhere={paths.estimate}
            css={primaryButton}
            onClick={close}
          >
            Free Estimate
          </SectionLink>
        </div>
      </nav>
    </>
  )
}
