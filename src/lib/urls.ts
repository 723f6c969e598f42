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

/** "sms:" link that opens a text message to the number with `body` written in (the form iOS and Android both read). */
export const textHref = (phone: string, body: string): string =>
  `${telHref(phone).replace(/^tel:/, "sms:")}?&body=${encodeURIComponent(body)}`

/** International form for structured data: +1-801-555-0142. */
export const internationalPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")
  return `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
}
