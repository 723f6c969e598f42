import { css } from "@emotion/react"
import { useInView } from "../hooks/use-in-view"
import { useBusiness } from "../hooks/use-business"
import { actionBarReserve, breakpoints, colors, sizes, space, zIndices } from "../styles/theme"
import { onSlateButton, primaryButton, visuallyHidden } from "../styles/shared"
import { PhoneLink } from "./phone-link"
import { SectionLink } from "./section-link"
import { ESTIMATE_SECTION, paths } from "../lib/paths"

export interface ActionBarProps {
  onHome: boolean
}

export const ACTION_BAR_ID = "phone-actions"

/** The estimate form's fields and button a visitor uses (the hidden trap for robots has tabindex -1). */
export const FORM_CONTROLS = `#${ESTIMATE_SECTION} form input:not([tabindex="-1"]), #${ESTIMATE_SECTION} form button`

// Server-rendered and fixed from the first paint, so nothing moves when scripts arrive; the spacer after
// the footer keeps the footer's last line clear of it. Phones only.
const bar = css`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${zIndices.actionBar};
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${space.xs};
  height: ${actionBarReserve};
  padding: ${space.xs} ${space.xs} calc(${space.xs} + env(safe-area-inset-bottom, 0px));
  background: ${colors.slate};
  border-top: ${sizes.border} solid ${colors.slateSoft};
  a {
    min-width: 0;
    padding-left: ${space.xs};
    padding-right: ${space.xs};
    white-space: nowrap;
  }
  a:focus-visible {
    outline-color: ${colors.focusOnSlate};
    outline-offset: calc(-1 * ${sizes.focusRing});
  }
  /* Out of the way while the estimate form is on screen, but back as soon as Tab reaches it. It moves at
     once, without a transition: one cut short as the form scrolls in or out would only flicker. */
  &[data-hidden="true"]:not(:focus-within) {
    transform: translateY(100%);
  }
  ${breakpoints.md} {
    display: none;
  }
`

const spacer = css`
  height: ${actionBarReserve};
  background: ${colors.slate};
  ${breakpoints.md} {
    display: none;
  }
`

/** Call and Free Estimate within a thumb's reach on phones, fixed to the bottom of the screen. */
export function ActionBar({ onHome }: ActionBarProps) {
  const { phone } = useBusiness()
  // Out of the way only while one of the form's own controls is whole within a thumb's reach: beside the form,
  // the visit's steps and the reviews are long enough on a phone to leave it above the screen with nothing at hand.
  const form = useInView(FORM_CONTROLS, { rootMargin: `-${sizes.beyondThumb} 0px 0px 0px`, whole: true })
  return (
    <>
      <div css={spacer} />
      <nav id={ACTION_BAR_ID} aria-label="Call or ask for an estimate" css={bar} data-hidden={form.inView}>
        <PhoneLink phone={phone} css={onSlateButton}>
          Call<span css={visuallyHidden}> {phone}</span>
        </PhoneLink>
        <SectionLink section="estimate" onHome={onHome || form.present} elsewhere={paths.estimate} css={primaryButton}>
          Free Estimate
        </SectionLink>
      </nav>
    </>
  )
}
