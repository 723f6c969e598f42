/*
 * What the component tests share: the site's fixture data behind every static query, and the jsdom
 * stand-ins the header's tests need.
 */
import { screen } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { staticQueryData } from "../fixtures/site-data"

/** Registers the hooks of a component test file: fixture data for useStaticQuery, real timers after. */
export function withSiteData() {
  beforeEach(() => {
    ;(useStaticQuery as jest.Mock).mockReturnValue(staticQueryData)
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })
}

// The desktop navigation is display:none below the lg breakpoint, and jsdom does not evaluate media
// queries, so its controls are looked up including elements hidden from the accessibility tree.
export const desktop = { hidden: true }

// jsdom has no PointerEvent, so fireEvent would drop pointerType; a MouseEvent that carries it will do.
if (typeof window !== "undefined" && typeof window.PointerEvent === "undefined") {
  class TestPointerEvent extends MouseEvent {
    pointerType: string
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init)
      this.pointerType = init.pointerType ?? ""
    }
  }
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent
}

/** The header's desktop navigation (display:none in jsdom, so it has no accessible name there). */
export const mainNav = () => {
  const nav = screen.getByRole("banner").querySelector<HTMLElement>('nav[aria-label="Main"]')
  if (!nav) throw new Error("The header has no navigation labelled Main")
  return nav
}
