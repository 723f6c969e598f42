import { Suspense, useEffect, type ReactNode } from "react"

/** The comment React writes where a boundary's server HTML begins. */
const BOUNDARY_START = "$"

let partsLeft = 0
const waiting: Array<() => void> = []

/**
 * Counts the boundaries in the server's HTML under `root`: gatsby-browser.tsx calls it as the page's code starts,
 * before React hydrates any (none in `gatsby develop`, which renders the page in the browser).
 */
export function countServerParts(root: Node) {
  const comments = (root.ownerDocument ?? (root as Document)).createTreeWalker(root, NodeFilter.SHOW_COMMENT)
  partsLeft = 0
  waiting.length = 0
  while (comments.nextNode()) if ((comments.currentNode as Comment).data === BOUNDARY_START) partsLeft += 1
}

/** Counts its part in once React has hydrated it (or rendered it, on a page the browser renders). */
function PartHydrated() {
  useEffect(() => {
    if (partsLeft > 0 && --partsLeft === 0) waiting.splice(0).forEach(done => done())
  }, [])
  return null
}

/** Calls `done` once every part countServerParts found has hydrated, or at once if it found none. */
export function whenEveryPartHydrated(done: () => void) {
  if (partsLeft === 0) done()
  else waiting.push(done)
}

/**
 * A part of the page that React hydrates on its own. The page's code arrives on the visitor's first action, often
 * while they type in the estimate form, and React hydrates in slices between which the browser takes their keys
 * (gatsby-browser.tsx); but a key or a press on a part not yet hydrated makes React finish that part at once, in
 * the event's own task. Were the page one part, that was all of it: a letter or a press waited 300–400 ms at 4x
 * CPU. In a boundary of its own each part hydrates alone, the one touched first, so a key waits for its own part
 * (docs/performance.md › What keeps the pages fast). Nothing in it suspends: the fallback is never shown, and the
 * server's HTML stays in place until its part has hydrated. React finishes the page's shell before its parts, so
 * the page counts as hydrated (whenEveryPartHydrated) once every part has said so.
 */
export function HydratesAlone({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <PartHydrated />
      {children}
    </Suspense>
  )
}
