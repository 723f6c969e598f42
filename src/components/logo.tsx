import { Link } from "gatsby"
import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { breakpoints, colors, fontSizes, fontWeights, lineHeights, sizes, space } from "../styles/theme"

// On phones the name wraps onto up to three lines in smaller type beside a smaller mark, so that it and the
// menu button fit across the header. A slow phone paints the header before it has read all of it, so below sm
// the link is as tall as three lines of the name from the start (its focus ring still inside the header's bar),
// and the name's width comes from the viewport, leaving the room of the call and menu controls
// (sizes.headerControlsSmall) whether they are drawn yet or not. Sized by its content and the room they left, a
// longer name was first drawn on the whole row, then wrapped again as they arrived, and the header moved
// (phone-actions.test.ts).
const link = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-width: 0;
  min-height: calc(${sizes.headerHeight} - 2 * ${sizes.focusRing});
  color: ${colors.onSlate};
  font-size: ${fontSizes.body};
  font-weight: ${fontWeights.heavy};
  line-height: ${lineHeights.tight};
  text-decoration: none;
  &:focus-visible {
    outline-color: ${colors.focusOnSlate};
    /* Inside the link: a long name wraps onto three lines, whose ring would reach past the header's dark bar. */
    outline-offset: calc(-1 * ${sizes.focusRing});
  }
  svg {
    width: ${sizes.logoMarkSmall};
    height: ${sizes.logoMarkSmall};
    flex: none;
  }
  span {
    max-width: calc(100vw - 2 * ${space.md} - ${sizes.logoMarkSmall} - 2 * ${space.xs} - ${sizes.headerControlsSmall});
  }
  ${breakpoints.sm} {
    min-height: ${sizes.tapTarget};
    font-size: ${fontSizes.h4};
    white-space: nowrap;
    span {
      max-width: none;
    }
    svg {
      width: ${sizes.tapTarget};
      height: ${sizes.tapTarget};
    }
  }
`

/** The brand mark: a slab with control joints under a Wasatch peak. Links home. */
export function Logo() {
  const { name } = useBusiness()
  return (
    <Link to="/" css={link}>
      <svg viewBox="0 0 44 44" aria-hidden="true" focusable="false">
        <path d="M4 28 L16 12 L22 19 L28 10 L40 28 Z" fill={colors.accentOnSlate} />
        <rect x="4" y="30" width="36" height="8" rx="1.5" fill={colors.onSlateMuted} />
        <path d="M16 30 V38 M28 30 V38" stroke={colors.slate} strokeWidth="1.5" />
      </svg>
      <span>{name}</span>
    </Link>
  )
}
