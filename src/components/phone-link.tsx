import { css } from "@emotion/react"
import type { AnchorHTMLAttributes, ReactNode } from "react"
import { telHref } from "../lib/urls"

export interface PhoneLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** The display number, such as "(801) 555-0142". */
  phone: string
  children?: ReactNode
}

// The number stays on one line; the class marks tap-to-call links for html-validate (.htmlvalidate.mjs).
const oneLine = css`
  white-space: nowrap;
`

/** A tap-to-call link to the business's number. */
export function PhoneLink({ phone, children = phone, className, ...props }: PhoneLinkProps) {
  return (
    <a {...props} href={telHref(phone)} className={className ? `phone ${className}` : "phone"} css={oneLine}>
      {children}
    </a>
  )
}
