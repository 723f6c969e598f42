import { useEffect, useState } from "react"

/**
 * Whether the element a selector finds is on screen, from an IntersectionObserver, and whether the page has it
 * at all. Before scripts run (and where the observer is missing) both stay false. `rootMargin` narrows the
 * screen that counts, as the observer's option does ("-40% 0px 0px 0px": its lower 60%).
 */
export function useInView(selector: string, rootMargin?: string): { present: boolean; inView: boolean } {
  const [state, setState] = useState({ present: false, inView: false })
  useEffect(() => {
    const target = document.querySelector(selector)
    setState({ present: target !== null, inView: false })
    if (!target || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver(([entry]) => setState({ present: true, inView: entry.isIntersecting }), {
      rootMargin,
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [selector, rootMargin])
  return state
}
