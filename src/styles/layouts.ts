/* Two-column layouts for wide screens: one column on phones, side by side from the lg breakpoint. */
import { css } from "@emotion/react"
import { breakpoints, space } from "./theme"

/** A main column and a narrower one beside it (the form and its next steps, the FAQ and its call panel). */
export const mainAndAside = css`
  display: grid;
  gap: ${space.xl};
  align-items: start;
  ${breakpoints.lg} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    gap: ${space.xxl};
  }
`
