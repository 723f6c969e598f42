/** Opens the connection to the send API while the visitor is still typing, once per page. */
export function preconnect(origin: string) {
  if (typeof document === "undefined") return
  const exists = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')).some(
    link => link.href.replace(/\/+$/, "") === origin,
  )
  if (exists) return
  const link = document.createElement("link")
  link.rel = "preconnect"
  link.href = origin
  // fetch() from EmailJS sends no credentials, so only an anonymous connection is reused.
  link.crossOrigin = "anonymous"
  document.head.appendChild(link)
}
