export interface Crumb {
  label: string
  path: string
}

const SPECIAL_LABELS: Record<string, string> = {
  "patios-rv-pads": "Patios & RV Pads",
  "stamps-and-stains": "Stamps & Stains",
}

const capitalise = (segment: string): string =>
  segment
    .split("-")
    .filter(Boolean)
    .map(word => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ")

export function crumbLabel(segment: string, position: number): string {
  if (position === 0 && segment === "locations") return "Service Areas"
  return SPECIAL_LABELS[segment] ?? capitalise(decodeURIComponent(segment))
}

/** Home, then one crumb per path segment; the caller renders the last one as plain text. */
export function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean)
  return [
    { label: "Home", path: "/" },
    ...segments.map((segment, index) => ({
      label: crumbLabel(segment, index),
      path: `/${segments.slice(0, index + 1).join("/")}/`,
    })),
  ]
}
