import { Global, css } from "@emotion/react"
import { hasGatheredGlobalStyles } from "../lib/gathered-styles"
import {
  actionBarReserve,
  breakpoints,
  colors,
  fontSizes,
  fontWeights,
  fonts,
  lineHeights,
  motion,
  sizes,
  space,
} from "./theme"

const styles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
    scroll-padding-top: calc(${sizes.headerHeight} + ${space.md});
    /* On phones the action bar holds the bottom of the screen: focus and anchors stop above it. */
    scroll-padding-bottom: calc(${actionBarReserve} + ${space.xs});
  }
  @media (prefers-reduced-motion: no-preference) {
    html {
      scroll-behavior: smooth;
    }
  }
  ${motion.reduce} {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-delay: 0ms !important;
      transition-duration: 0.01ms !important;
    }
  }
  body {
    margin: 0;
    font-family: ${fonts.body};
    font-size: ${fontSizes.body};
    line-height: ${lineHeights.body};
    color: ${colors.ink};
    background: ${colors.paper};
    overflow-wrap: break-word;
  }
  h1,
  h2,
  h3,
  h4 {
    line-height: ${lineHeights.tight};
    font-weight: ${fontWeights.heavy};
    margin: 0 0 ${space.md};
  }
  h1 {
    font-size: ${fontSizes.h1};
  }
  h2 {
    font-size: ${fontSizes.h2};
  }
  h3 {
    font-size: ${fontSizes.h3};
  }
  p {
    margin: 0 0 ${space.md};
  }
  a {
    color: ${colors.accentText};
    text-underline-offset: 0.15em;
  }
  img,
  svg {
    max-width: 100%;
  }
  :focus-visible {
    outline: ${sizes.focusRing} solid ${colors.focus};
    outline-offset: ${sizes.borderThick};
  }
  ${breakpoints.md} {
    html {
      scroll-padding-bottom: 0;
    }
    body {
      font-size: ${fontSizes.lead};
    }
  }
`

// A built page already carries these in its <head>; Emotion's Global would add them a second time.
const inPage = typeof document !== "undefined" && hasGatheredGlobalStyles(document)

export const GlobalStyles = () => (inPage ? null : <Global styles={styles} />)
