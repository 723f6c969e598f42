/*
 * A header dropdown: its button, its panel and their keyboard handling (Enter, Space, arrows, Escape back to
 * the button), with the styles for both states and for pages without scripts. Over 200 lines because half of
 * it is those styles; the open/close intent lives in src/hooks/use-menu-intent.ts.
 */
import { Link } from "gatsby"
import { css } from "@emotion/react"
import { useEffect, useRef, type KeyboardEvent } from "react"
import { colors, fontSizes, fontWeights, radii, scripting, shadows, sizes, space, zIndices } from "../styles/theme"
import { bareList, noScriptOnly, scriptOnly } from "../styles/shared"
import type { OpenedBy } from "../hooks/use-menu-intent"

export interface NavItem {
  label: string
  to: string
  summary?: string
}

export interface NavDropdownProps {
  name: string
  label: string
  intro: { title: string; text: string; to: string }
  items: NavItem[]
  open: boolean
  onOpen: (via: OpenedBy) => void
  onClose: () => void
  onHoverStart: () => void
  onHoverEnd: () => void
}

const wrapper = css`
  position: relative;
  /* Until the page's code runs, and without it, the label is a link to the overview page, and pointing at
     it or tabbing into it shows the panel. */
  ${scripting.none} {
    &:hover > [hidden],
    &:focus-within > [hidden] {
      display: block;
    }
  }
`

const trigger = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.xxs};
  min-height: ${sizes.tapTarget};
  padding: 0 ${space.sm};
  background: none;
  border: 0;
  border-radius: ${radii.sm};
  color: ${colors.onSlate};
  font: inherit;
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &[aria-expanded="true"] {
    color: ${colors.accentOnSlate};
  }
  &:focus-visible {
    outline-color: ${colors.focusOnSlate};
  }
  &::after {
    content: "";
    width: 0.45em;
    height: 0.45em;
    border-right: ${sizes.borderThick} solid currentColor;
    border-bottom: ${sizes.borderThick} solid currentColor;
    transform: translateY(-25%) rotate(45deg);
  }
  &[aria-expanded="true"]::after {
    transform: translateY(25%) rotate(-135deg);
  }
`

const panel = css`
  position: absolute;
  top: 100%;
  left: 0;
  z-index: ${zIndices.menu};
  width: ${sizes.menuWidth};
  padding: ${space.sm};
  background: ${colors.paper};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.menu};
  ul {
    ${bareList}
  }
`

const introCard = css`
  display: block;
  margin-bottom: ${space.xs};
  padding: ${space.sm};
  border-radius: ${radii.md};
  background: ${colors.concrete};
  color: ${colors.ink};
  text-decoration: none;
  strong {
    display: block;
    color: ${colors.accentText};
  }
  span {
    font-size: ${fontSizes.small};
    color: ${colors.inkMuted};
  }
  &:hover strong {
    text-decoration: underline;
  }
`

const itemLink = css`
  display: block;
  padding: ${space.xs} ${space.sm};
  border-radius: ${radii.md};
  color: ${colors.ink};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  small {
    display: block;
    font-weight: ${fontWeights.regular};
    color: ${colors.inkMuted};
  }
  &:hover {
    background: ${colors.concrete};
    color: ${colors.accentText};
  }
`

/**
 * A disclosure menu of navigation links: a button with aria-expanded that shows or hides a list of links.
 * Opening on hover, and which menu is open, is decided by the header that holds both dropdowns.
 */
export function NavDropdown({
  name,
  label,
  intro,
  items,
  open,
  onOpen,
  onClose,
  onHoverStart,
  onHoverEnd,
}: NavDropdownProps) {
  const wrapperRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = `${name}-menu`

  useEffect(() => {
    if (!open) return
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) onClose()
    }
    // On the way down: the estimate form's inline script keeps a press on the form from going further down until
    // React has hydrated the form (early-submit.ts), and a press there still closes the menu.
    document.addEventListener("pointerdown", closeOnOutsidePointer, true)
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer, true)
  }, [open, onClose])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation()
      onClose()
      buttonRef.current?.focus()
    }
    if (event.key === "ArrowDown" && event.target === buttonRef.current) {
      event.preventDefault()
      onOpen("click")
      // The panel renders on the next frame; focus its first link then.
      requestAnimationFrame(() => wrapperRef.current?.querySelector<HTMLAnchorElement>(`#${panelId} a`)?.focus())
    }
  }

  return (
    // The wrapper only gathers hover, Escape and focus-leave from its own button and links.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={wrapperRef}
      css={wrapper}
      onPointerEnter={event => event.pointerType === "mouse" && onHoverStart()}
      onPointerLeave={event => event.pointerType === "mouse" && onHoverEnd()}
      onKeyDown={onKeyDown}
      onBlur={event => {
        if (open && !wrapperRef.current?.contains(event.relatedTarget as Node | null)) onClose()
      }}
    >
      <a href={intro.to} css={[trigger, noScriptOnly]}>
        {label}
      </a>
      <button
        ref={buttonRef}
        type="button"
        css={[trigger, scriptOnly]}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpen("click")}
      >
        {label}
      </button>
      <div id={panelId} css={panel} hidden={!open}>
        <Link to={intro.to} css={introCard} onClick={onClose}>
          <strong>{intro.title}</strong>
          <span>{intro.text}</span>
        </Link>
        <ul>
          {items.map(item => (
            <li key={item.to}>
              <Link to={item.to} css={itemLink} onClick={onClose}>
                {item.label}
                {item.summary && <small>{item.summary}</small>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
