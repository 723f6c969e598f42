import { Suspense, type ReactNode } from "react"

/**
 * A part of the page that React hydrates on its own. The page's code arrives on the visitor's first action, often
 * while they type in the estimate form, and React hydrates in slices between which the browser takes their keys
 * (gatsby-browser.tsx); but a key or a press on a part not yet hydrated makes React finish that part at once, in
 * the event's own task. Were the page one part, that was all of it: a letter or a press waited 300–400 ms at 4x
 * CPU. In a boundary of its own each part hydrates alone, the one touched first, so a key waits for its own part
 * (docs/performance.md › What keeps the pages fast). Nothing in it suspends: the fallback is never shown, and the
 * server's HTML stays in place until its part has hydrated.
 */
export function HydratesAlone({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
