import { useEffect, useState } from "react"

/**
 * Whether the element with this id is on screen, from an IntersectionObserver, and whether the page has it
 * at all. Before scripts run (and where the observer is missing) both stay false.
 */
export function useInView(id: string): { present: boolean; inView: boolean } {
  const [state, setState] = useState({ present: false, inView: false })
  useEffect(() => {
    const target = document.getElementById(id)
    setState({ present: target !== null, inView: false })
    if (!target || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver(([entry]) => setState({ present: true, inView: entry.isIntersecting }))
    observer.observe(target)
    return () => observer.disconnect()
  }, [id])
  return state
}
