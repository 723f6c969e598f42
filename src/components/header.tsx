import { css } from "@emotion/react"
import { useCallback, useEffect, useRef, useState } from "react"
import { useBusiness } from "../hooks/use-business"
import { useNavigation } from "../hooks/use-navigation"
import { breakpoints, colors, fontSizes, fontWeights, sizes, space, zIndices } from "../styles/theme"
import { container, primaryButton } from "../styles/shared"
import { Logo } from "./logo"
import { MobileMenu } from "./mobile-menu"
import { NavDropdown, type OpenedBy } from "./nav-dropdown"
import { SectionLink } from "./section-link"
import { PhoneLink } from "./phone-link"
import { HeaderCall } from "./header-call"

/** Hover intent: a menu opens after OPEN_DELAY; within SKIP_DELAY of another menu it opens at once. */
export const OPEN_DELAY_MS = 200
export const SKIP_DELAY_MS = 300
const HOVER_CLOSE_MS = 150

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

const phoneControls = css`
  display: flex;
  align-items: center;
  gap: ${space.xs};
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
  const { services, counties } = useNavigation()
  const [openMenu, setOpenMenu] = useState<{ name: string; via: OpenedBy } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const lastClosedAt = useRef(0)

  const clearTimer = () => clearTimeout(timer.current)
  useEffect(() => clearTimer, [])

  const close = useCallback(() => {
    clearTimer()
    setOpenMenu(current => {
      if (current) lastClosedAt.current = Date.now()
      return null
    })
  }, [])

  const open = (name: string, via: OpenedBy) => {
    clearTimer()
    setOpenMenu(current => {
      if (current?.name !== name) return { name, via }
      // A click on a menu that hovering opened keeps it open; a second click closes it.
      if (via === "click" && current.via === "click") {
        lastClosedAt.current = Date.now()
        return null
      }
      return { name, via: via === "click" ? "click" : current.via }
    })
  }

  const hoverStart = (name: string) => {
    clearTimer()
    if (openMenu?.name === name) return
    const skip = openMenu !== null || Date.now() - lastClosedAt.current < SKIP_DELAY_MS
    if (skip) open(name, "hover")
    else timer.current = setTimeout(() => open(name, "hover"), OPEN_DELAY_MS)
  }

  const hoverEnd = () => {
    clearTimer()
    if (openMenu?.via === "hover") timer.current = setTimeout(close, HOVER_CLOSE_MS)
  }

  const dropdown = (name: string) => ({
    open: openMenu?.name === name,
    onOpen: (via: OpenedBy) => open(name, via),
    onClose: close,
    onHoverStart: () => hoverStart(name),
    onHoverEnd: hoverEnd,
  })

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
              to: "/#services",
            }}
            items={services}
            {...dropdown("services")}
          />
          <NavDropdown
            name="locations"
            label="Locations"
            intro={{
              title: "All service areas",
              text: "37 cities across five Wasatch Front counties",
              to: "/locations",
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
          <SectionLink section="estimate" onHome={onHome} elsewhere="/estimate" css={estimateButton}>
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
