/*
 * Design tokens: every colour, space, size and breakpoint the components use. Colour pairs used for
 * text meet WCAG AA (4.5:1) against the backgrounds they sit on; the ratios are noted beside them.
 */
export const colors = {
  ink: "#1c1917", // 17.5:1 on white
  inkMuted: "#4b4540", // 9.4:1 on white
  paper: "#ffffff",
  concrete: "#f3f1ee", // section background; ink 15.5:1, inkMuted 8.5:1
  line: "#d6d3d1",
  lineStrong: "#78716c", // 4.8:1 on white: borders of inputs
  slate: "#1f2a37", // header and footer; white 14.6:1
  slateSoft: "#334155",
  onSlate: "#ffffff",
  onSlateMuted: "#d4d4d8", // 9.8:1 on slate
  accent: "#b93e0b", // buttons; white 5.6:1
  accentHover: "#8f2f06", // white 8.2:1
  accentText: "#9a3412", // links on white 7.3:1, on concrete 6.6:1
  accentOnSlate: "#fdba74", // 8.6:1 on slate
  // Focus ring, drawn on light bands and on the slate header, hero and footer alike: 4:1 on white,
  // 3.6:1 on concrete and on slate (WCAG asks 3:1 against what surrounds it).
  focus: "#2b7de9",
  focusOnSlate: "#93c5fd", // 8:1 on slate
  success: "#166534", // 7.1:1 on white
  successSurface: "#ecfdf3",
  danger: "#b91c1c", // 6.5:1 on white
  dangerSurface: "#fef2f2",
} as const

export const space = {
  xxs: "0.25rem",
  xs: "0.5rem",
  sm: "0.75rem",
  md: "1rem",
  lg: "1.5rem",
  xl: "2rem",
  xxl: "3rem",
  xxxl: "4.5rem",
} as const

export const fontSizes = {
  small: "0.875rem",
  body: "1rem",
  lead: "1.125rem",
  h4: "1.125rem",
  h3: "1.25rem",
  h2: "clamp(1.5rem, 1.2rem + 1.4vw, 2.125rem)",
  h1: "clamp(1.875rem, 1.4rem + 2.4vw, 3rem)",
  hero: "clamp(2rem, 1.4rem + 3vw, 3.5rem)",
} as const

export const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const

export const lineHeights = { tight: 1.2, body: 1.6 } as const

export const fontWeights = { regular: 400, semibold: 600, bold: 700, heavy: 800 } as const

export const radii = { sm: "0.25rem", md: "0.5rem", lg: "0.75rem", pill: "999px" } as const

export const shadows = {
  card: "0 1px 2px rgba(28, 25, 23, 0.08), 0 4px 12px rgba(28, 25, 23, 0.06)",
  menu: "0 12px 32px rgba(28, 25, 23, 0.18)",
} as const

export const sizes = {
  content: "72rem",
  prose: "46rem",
  headerHeight: "4rem",
  border: "1px",
  borderThick: "2px",
  focusRing: "3px",
  tapTarget: "2.75rem",
  menuWidth: "22rem",
  /** The narrowest a tile of a grid of links (a county's towns) gets before the row holds one fewer. */
  linkTile: "11rem",
  icon: "1.5rem",
  logoMarkSmall: "2rem",
  /**
   * The width of the header's call and menu controls below the sm breakpoint, 137.5 px at 16 px type (81.5 and
   * 48 with a gap of 8), rounded up: the name beside them keeps it free whether or not they are drawn yet.
   */
  headerControlsSmall: "8.625rem",
  /** The phone action bar: a tap target and its padding; the safe area of the device comes on top. */
  actionBar: "3.75rem",
  /** The top of a phone's screen, out of a thumb's easy reach: a control there does not count as at hand. */
  beyondThumb: "40%",
} as const

/** What the bottom of a phone's screen keeps clear for the action bar, its safe area included. */
export const actionBarReserve = `calc(${sizes.actionBar} + env(safe-area-inset-bottom, 0px))`

export const breakpoints = {
  sm: "@media (min-width: 36em)",
  md: "@media (min-width: 48em)",
  lg: "@media (min-width: 62em)",
} as const

/** Motion that stops for people who ask for reduced motion. */
export const motion = {
  fast: "150ms ease-out",
  reduce: "@media (prefers-reduced-motion: reduce)",
} as const

/**
 * The attribute gatsby-browser.tsx puts on <html> once React has hydrated every part of the page. Until then (the
 * code loads on the visitor's first action, and may be blocked, fail or be switched off) the menus are plain links.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated"

/** Styles for a page whose code is not running (yet, or at all): nest them under this selector. */
export const scripting = {
  none: `html:not([${HYDRATED_ATTRIBUTE}]) &`,
} as const

// The action bar stays under the header, whose open menu reaches the bottom of the screen.
export const zIndices = { actionBar: 10, header: 20, menu: 30, skip: 40 } as const

export const theme = {
  colors,
  space,
  fontSizes,
  fonts,
  lineHeights,
  fontWeights,
  radii,
  shadows,
  sizes,
  breakpoints,
  motion,
  scripting,
  zIndices,
}
export default theme
