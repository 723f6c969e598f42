/* Style blocks shared by several components: page width, section bands and buttons. */
import { css } from "@emotion/react"
import { breakpoints, colors, fontSizes, fontWeights, motion, radii, scripting, shadows, sizes, space } from "./theme"

export const container = css`
  width: 100%;
  max-width: ${sizes.content};
  margin: 0 auto;
  padding: 0 ${space.md};
  ${breakpoints.md} {
    padding: 0 ${space.xl};
  }
`

export const band = css`
  padding: ${space.xxl} 0;
  ${breakpoints.md} {
    padding: ${space.xxxl} 0;
  }
`

export const bandMuted = css`
  ${band};
  background: ${colors.concrete};
`

export const sectionIntro = css`
  max-width: ${sizes.prose};
  color: ${colors.inkMuted};
  font-size: ${fontSizes.lead};
`

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space.xs};
  min-height: ${sizes.tapTarget};
  padding: ${space.xs} ${space.lg};
  border-radius: ${radii.md};
  border: ${sizes.borderThick} solid transparent;
  font: inherit;
  font-weight: ${fontWeights.bold};
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color ${motion.fast},
    color ${motion.fast};
`

export const primaryButton = css`
  ${buttonBase};
  background: ${colors.accent};
  color: ${colors.onSlate};
  &:hover {
    background: ${colors.accentHover};
  }
`

export const secondaryButton = css`
  ${buttonBase};
  background: ${colors.paper};
  color: ${colors.ink};
  border-color: ${colors.ink};
  &:hover {
    background: ${colors.concrete};
  }
`

export const onSlateButton = css`
  ${buttonBase};
  background: transparent;
  color: ${colors.onSlate};
  border-color: ${colors.onSlate};
  &:hover {
    background: ${colors.slateSoft};
  }
  &:focus-visible {
    outline-color: ${colors.focusOnSlate};
  }
`

/** A control that only works with the page's code: gone until it runs. */
export const scriptOnly = css`
  ${scripting.none} {
    display: none;
  }
`

/** Its stand-in that works without code (a plain link): shown until the page's code runs. */
export const noScriptOnly = css`
  display: none;
  ${scripting.none} {
    display: inline-flex;
  }
`

export const visuallyHidden = css`
  position: absolute;
  width: ${sizes.border};
  height: ${sizes.border};
  padding: 0;
  margin: calc(-1 * ${sizes.border});
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`

/** Read out at every width, shown only from the sm breakpoint: words a phone's header has no room for. */
export const shownFromSm = css`
  ${visuallyHidden};
  ${breakpoints.sm} {
    position: static;
    width: auto;
    height: auto;
    margin: 0;
    overflow: visible;
    clip: auto;
  }
`

/** Shown on the narrowest phones only, and read out at every width. */
export const hiddenFromSm = css`
  ${breakpoints.sm} {
    ${visuallyHidden};
  }
`

/** A card raised off the page: white, rounded, with the card shadow. */
export const raisedCard = css`
  padding: ${space.lg};
  background: ${colors.paper};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.card};
`

/** A list without the browser's bullets and indent, for lists drawn as menus, links or cards. */
export const bareList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`

/** A list drawn as a grid of cards, each a heading over a muted paragraph: the process steps, the reasons. */
export const cardList = css`
  display: grid;
  gap: ${space.lg};
  list-style: none;
  margin: ${space.xl} 0 0;
  padding: 0;
  h3 {
    font-size: ${fontSizes.h3};
    margin-bottom: ${space.xs};
  }
  p {
    margin: 0;
    color: ${colors.inkMuted};
  }
`
