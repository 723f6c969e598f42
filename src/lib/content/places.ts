/*
 * The checks that tie cities to places: each county has a city, each city lies inside its county's
 * bounds (the area the structured data declares as served), and each neighbour lies close by. A neighbour
 * link goes both ways without the owner listing it twice: neighboursOf adds the cities that list a city.
 */
import { isObject, type ContentError, type Located } from "./entry"

/** Every problem with where the cities are and how they link to each other. */
export function checkPlaces(cities: Located[], counties: Located[]): ContentError[] {
  const errors: ContentError[] = []
  for (const county of counties) {
    const { slug } = county.value
    if (typeof slug === "string" && !cities.some(city => city.value.county === slug))
      errors.push({
        file: county.file,
        entry: county.entry,
        field: "slug",
        message: `no city in data/cities/ has "county": "${slug}"; every county needs at least one city`,
      })
  }
  return [...errors, ...checkCitiesLieInTheirCounty(cities, counties), ...checkNeighbours(cities)]
}

/** The farthest a neighbour may lie, as the crow flies: a town next door or one town away by road. */
export const MAX_NEIGHBOUR_KM = 40

interface Geo {
  latitude: number
  longitude: number
}

/** The great-circle distance between two points, in kilometres. */
export function distanceKm(one: Geo, other: Geo): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(other.latitude - one.latitude)
  const dLon = radians(other.longitude - one.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(one.latitude)) * Math.cos(radians(other.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

interface Listed {
  slug: string
  name: string
  nearby: readonly string[]
}

/**
 * The entries a field links both ways: the ones the entry's own field lists, in that order, then every entry
 * whose field lists it, in `order`. The owner picks a link once and both entries show it.
 */
export function bothWays<Entry extends { slug: string }>(
  entry: Entry,
  entries: readonly Entry[],
  field: string,
  order: (one: Entry, other: Entry) => number,
): Entry[] {
  const listed = (one: Entry): readonly string[] => {
    const value = (one as Record<string, unknown>)[field]
    return Array.isArray(value) ? value : []
  }
  const bySlug = new Map(entries.map(other => [other.slug, other]))
  const own = listed(entry).flatMap(slug => bySlug.get(slug) ?? [])
  const listing = entries
    .filter(
      other => other.slug !== entry.slug && listed(other).includes(entry.slug) && !listed(entry).includes(other.slug),
    )
    .sort(order)
  return [...own, ...listing]
}

/** A city's neighbours as its page links them: its own picks, then every city that lists it, by name. */
export const neighboursOf = <City extends Listed>(city: City, cities: readonly City[]): City[] =>
  bothWays(city, cities, "nearby", (one, other) => one.name.localeCompare(other.name, "en"))

const geoOf = (value: unknown): Geo | null =>
  isObject(value) && isNumber(value.latitude) && isNumber(value.longitude)
    ? { latitude: value.latitude, longitude: value.longitude }
    : null

/** Each neighbour is listed once and lies within MAX_NEIGHBOUR_KM; the link back is the build's to make. */
function checkNeighbours(cities: Located[]): ContentError[] {
  const bySlug = new Map(cities.map(city => [city.value.slug, city]))
  const errors: ContentError[] = []
  for (const city of cities) {
    const { slug, nearby } = city.value
    if (!Array.isArray(nearby)) continue
    nearby.forEach((other, place) => {
      const neighbour = bySlug.get(other)
      if (!neighbour || other === slug) return
      const field = `nearby[${place}]`
      if (nearby.indexOf(other) !== place)
        errors.push({ file: city.file, entry: city.entry, field, message: `"${other}" is listed twice` })
      const here = geoOf(city.value.geo)
      const there = geoOf(neighbour.value.geo)
      if (!here || !there) return
      const km = distanceKm(here, there)
      if (km > MAX_NEIGHBOUR_KM)
        errors.push({
          file: city.file,
          entry: city.entry,
          field,
          message: `"${String(other)}" is ${Math.round(km)} km away; a neighbour lies within ${MAX_NEIGHBOUR_KM} km (a town next door or one town away by road)`,
        })
    })
  }
  return errors
}

const isNumber = (value: unknown): value is number => typeof value === "number" && !Number.isNaN(value)

/** The structured data declares each county's box as the area served, so every city must lie inside its own. */
function checkCitiesLieInTheirCounty(cities: Located[], counties: Located[]): ContentError[] {
  const errors: ContentError[] = []
  const bounds = new Map<unknown, { south: number; west: number; north: number; east: number }>()
  for (const county of counties) {
    const box = isObject(county.value.bounds) ? county.value.bounds : {}
    const { south, west, north, east } = box
    if (!isNumber(south) || !isNumber(west) || !isNumber(north) || !isNumber(east)) continue
    if (south >= north || west >= east)
      errors.push({
        file: county.file,
        entry: county.entry,
        field: "bounds",
        message: "south must be less than north and west less than east",
      })
    else bounds.set(county.value.slug, { south, west, north, east })
  }
  for (const city of cities) {
    const box = bounds.get(city.value.county)
    const geo = isObject(city.value.geo) ? city.value.geo : {}
    const { latitude, longitude } = geo
    if (!box || !isNumber(latitude) || !isNumber(longitude)) continue
    const inside = latitude >= box.south && latitude <= box.north && longitude >= box.west && longitude <= box.east
    if (!inside)
      errors.push({
        file: city.file,
        entry: city.entry,
        field: "geo",
        message:
          `${latitude}, ${longitude} lies outside the bounds of county "${String(city.value.county)}" in counties.json ` +
          `(latitude ${box.south} to ${box.north}, longitude ${box.west} to ${box.east}), the area the site declares it serves`,
      })
  }
  return errors
}
