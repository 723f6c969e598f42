import { Link } from "gatsby"
import type { ReactNode } from "react"
import { paths, sectionPath } from "../lib/paths"

export interface SectionLinkProps {
  /** The id of the home-page section. */
  section: "services" | "estimate" | "faq"
  /** True on the home page, where the section is on this page. */
  onHome: boolean
  /** Where to go from other pages; defaults to the section on the home page. */
  elsewhere?: string
  className?: string
  onClick?: () => void
  children: ReactNode
}

/**
 * A link to one of the home page's sections. On the home page it is a plain in-page anchor, which the
 * global `scroll-behavior: smooth` animates unless the visitor prefers reduced motion.
 */
export function SectionLink({ section, onHome, elsewhere, className, onClick, children }: SectionLinkProps) {
  if (onHome)
    return (
      <a href={sectionPath(section)} className={className} onClick={onClick}>
        {children}
      </a>
    )
  return (
    <Link to={elsewhere ?? sectionPath(section, paths.home)} className={className} onClick={onClick}>
      {children}
    </Link>
  )
}
