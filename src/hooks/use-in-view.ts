import { useEffect, useState } from "react"

/**
 * Whether any element a selector finds is on screen, from an IntersectionObserver, and whether the page has
 * one at all. Before scripts run (and where the observer is missing) both stay false. `rootMargin` narrows
 * the screen that counts, as the observer's option does ("-40% 0px 0px 0px": its lower 60%), and `whole`
 * counts an element only once all of it is there.
 */
export function useInView(
  selector: string,
  { rootMargin, whole = false }: { rootMargin?: string; whole?: boolean } = {},
): { present: boolean; inView: boolean } {
  const [state, setState] = useState({ present: false, inView: false })
  useEffect(() => {
    const targets = Array.from(document.querySelectorAll(selector))
    setState({ present: targets.length > 0, inView: false })
    if (targets.length === 0 || typeof IntersectionObserver === "undefined") return
    const shown = new Set<Element>()
    const observer = new IntersectionObserver(
      entries => {
        for (const entry of entries) {
          if (entry.isIntersecting && (!whole || entry.intersectionRatio >= 1)) shown.add(entry.target)
          else shown.delete(entry.target)
        }
        setState({ present: true, inView: shown.size > 0 })
      },
      { rootMargin, threshold: whole ? 1 : 0 },
    )
    for (const target of targets) observer.observe(target)
    return () => observer.disconnect()
  }, [selector, rootMargin, whole])
  return state
}
