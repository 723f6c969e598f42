import { useCallback, useEffect, useRef, useState } from "react"

/** Hover intent: a menu opens after OPEN_DELAY; within SKIP_DELAY of another menu it opens at once. */
export const OPEN_DELAY_MS = 200
export const SKIP_DELAY_MS = 300
const HOVER_CLOSE_MS = 150

/** How a menu was opened: a hover closes it when the pointer leaves, a click keeps it open. */
export type OpenedBy = "hover" | "click"

/**
 * Which of the header's dropdown menus is open, and why: hovering opens one after a short delay (at
 * once when the pointer comes from another menu) and closes it shortly after the pointer leaves; a
 * click opens one until a second click, Escape or a click outside.
 */
export function useMenuIntent() {
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

  /** The props a NavDropdown named `name` takes to follow the intent. */
  return (name: string) => ({
    open: openMenu?.name === name,
    onOpen: (via: OpenedBy) => open(name, via),
    onClose: close,
    onHoverStart: () => hoverStart(name),
    onHoverEnd: hoverEnd,
  })
}
