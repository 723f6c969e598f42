/*
 * The phone menu: its toggle (a link to the footer until the page's code runs), the panel it opens
 * (mobile-menu-panel.tsx), closed when focus leaves it and on Escape, which returns focus to the toggle.
 */
import { css } from "@emotion/react"
import { useEffect, useRef, useState, type FocusEvent } from "react"
import { breakpoints, colors, fontWeights, radii, scripting, sizes, space } from "../styles/theme"
import { shownFromSm } from "../styles/shared"
import type { NavItem } from "./nav-dropdown"
import { FOOTER_ID } from "./footer"
import { MOBILE_MENU_ID, MobileMenuPanel } from "./mobile-menu-panel"

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

// Until the page's code runs, and without it, the menu button is a link to the footer, which has every
// navigation link.
const footerLink = css`
  ${toggle};
  display: none;
  text-decoration: none;
  ${scripting.none} {
    display: inline-flex;
    ${breakpoints.lg} {
      display: none;
    }
  }
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
        aria-controls={MOBILE_MENU_ID}
        onClick={() => setOpen(value => !value)}
        onBlur={closeOnFocusLeave}
      >
        {icon(open)}
        {/* On the narrowest phones the icon alone, to leave room for the call control; the name stays. */}
        <span css={shownFromSm}>{open ? "Close menu" : "Menu"}</span>
      </button>
      <MobileMenuPanel
        ref={panelRef}
        open={open}
        onHome={onHome}
        phone={phone}
        services={services}
        counties={counties}
        onClose={close}
        onBlur={closeOnFocusLeave}
      />
    </>
  )
}
