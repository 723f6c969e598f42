import { css } from "@emotion/react"
import { breakpoints, colors, fontWeights, radii, sizes, space } from "../styles/theme"
import { hiddenFromSm, shownFromSm } from "../styles/shared"
import { PhoneLink } from "./phone-link"

export interface HeaderCallProps {
  phone: string
}

// Beside the menu button below the desktop breakpoint, where the desktop navigation (with its own number)
// is hidden. On the narrowest phones it reads "Call"; from the sm breakpoint, the number itself.
const button = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space.xxs};
  flex: none;
  min-height: ${sizes.tapTarget};
  min-width: ${sizes.tapTarget};
  padding: 0 ${space.xs};
  border: ${sizes.borderThick} solid ${colors.accentOnSlate};
  border-radius: ${radii.md};
  color: ${colors.onSlate};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  &:hover {
    color: ${colors.accentOnSlate};
  }
  &:focus-visible {
    outline-color: ${colors.focusOnSlate};
  }
  svg {
    width: ${sizes.icon};
    height: ${sizes.icon};
    max-width: none;
    flex: none;
  }
  ${breakpoints.lg} {
    display: none;
  }
`

/** The header's tap-to-call control on phones and tablets: its name is always "Call" and the number. */
export function HeaderCall({ phone }: HeaderCallProps) {
  return (
    <PhoneLink phone={phone} css={button}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
          fill="currentColor"
        />
      </svg>
      <span css={hiddenFromSm}>Call</span>
      <span css={shownFromSm}> {phone}</span>
    </PhoneLink>
  )
}
