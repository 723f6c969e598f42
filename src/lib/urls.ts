/**
 * A page's path in the one form the site gives out, the form the hosts serve with no redirect: ending in a
 * slash ("/locations" and "/locations/" → "/locations/"; "" → "/").
 */
export const normalisePath = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, "")
  return `${trimmed}/`
}

export const canonicalUrl = (siteUrl: string, pathname: string): string =>
  `${siteUrl.replace(/\/+$/, "")}${normalisePath(pathname)}`

/** "tel:" link for a display number such as "(801) 555-0142" (US numbers). */
export const telHref = (phone: string): string => `tel:+1${phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`

/** International form for structured data: +1-801-555-0142. */
export const internationalPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")
  return `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
}
