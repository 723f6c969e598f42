/*
 * The checks that tie cities to places: each county has a city, each city lies inside its county's
 * bounds (the area the structured data declares as served), and neighbour links go both ways.
 */
import { entryLabel, isObject, type ContentError, type Entry } from "./content-entry"

/** Every problem with where the cities are and how they link to each other. */
export function checkPlaces(cities: Entry[], counties: Entry[]): ContentError[] {
  const errors: ContentError[] = []
  counties.forEach((county, index) => {
    if (typeof county.slug === "string" && !cities.some(city => city.county === county.slug))
      errors.push({
        file: "counties.json",
        entry: entryLabel(county, index),
        field: "slug",
        message: `no city in cities.json has "county": "${county.slug}"; every county needs at least one city`,
      })
  })
  return [...errors, ...checkCitiesLieInTheirCounty(cities, counties), ...checkNeighboursGoBothWays(cities)]
}

/** A neighbour link is a road both ways: if a city lists another as nearby, the other lists it back. */
function checkNeighboursGoBothWays(cities: Entry[]): ContentError[] {
  const index = new Map(cities.map((city, position) => [city.slug, position]))
  const errors: ContentError[] = []
  cities.forEach((city, position) => {
    const nearby = city.nearby
    if (!Array.isArray(nearby)) return
    nearby.forEach((other, place) => {
      const otherPosition = index.get(other)
      if (otherPosition === undefined || other === city.slug) return
      const field = `nearby[${place}]`
      const entry = entryLabel(city, position)
      if (nearby.indexOf(other) !== place)
        errors.push({ file: "cities.json", entry, field, message: `"${other}" is listed twice` })
      const back = cities[otherPosition].nearby
      if (!Array.isArray(back) || !back.includes(city.slug))
        errors.push({
          file: "cities.json",
          entry,
          field,
          message: `"${String(other)}" does not list "${String(city.slug)}" back; add it to the nearby list of entry ${entryLabel(cities[otherPosition], otherPosition)} (neighbour links go both ways)`,
        })
    })
  })
  return errors
}

const isNumber = (value: unknown): value is number => typeof value === "number" && !Number.isNaN(value)

/** The structured data declares each county's box as the area served, so every city must lie inside its own. */
function checkCitiesLieInTheirCounty(cities: Entry[], counties: Entry[]): ContentError[] {
  const errors: ContentError[] = []
  const bounds = new Map<unknown, { south: number; west: number; north: number; east: number }>()
  counties.forEach((county, position) => {
    const box = isObject(county.bounds) ? county.bounds : {}
    const { south, west, north, east } = box
    if (!isNumber(south) || !isNumber(west) || !isNumber(north) || !isNumber(east)) return
    if (south >= north || west >= east)
      errors.push({
        file: "counties.json",
        entry: entryLabel(county, position),
        field: "bounds",
        message: "south must be less than north and west less than east",
      })
    else bounds.set(county.slug, { south, west, north, east })
  })
  cities.forEach((city, position) => {
    const box = bounds.get(city.county)
    const geo = isObject(city.geo) ? city.geo : {}
    const { latitude, longitude } = geo
    if (!box || !isNumber(latitude) || !isNumber(longitude)) return
    const inside = latitude >= box.south && latitude <= box.north && longitude >= box.west && longitude <= box.east
    if (!inside)
      errors.push({
        file: "cities.json",
        entry: entryLabel(city, position),
        field: "geo",
        message:
          `${latitude}, ${longitude} lies outside the bounds of county "${String(city.county)}" in counties.json ` +
          `(latitude ${box.south} to ${box.north}, longitude ${box.west} to ${box.east}), the area the site declares it serves`,
      })
  })
  return errors
}
