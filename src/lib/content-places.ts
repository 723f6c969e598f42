/*
 * The checks that tie cities to places: each county has a city, each city lies inside its county's
 * bounds (the area the structured data declares as served), and neighbour links go both ways.
 */
import { isObject, type ContentError, type Located } from "./content-entry"

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
  return [...errors, ...checkCitiesLieInTheirCounty(cities, counties), ...checkNeighboursGoBothWays(cities)]
}

/** A neighbour link is a road both ways: if a city lists another as nearby, the other lists it back. */
function checkNeighboursGoBothWays(cities: Located[]): ContentError[] {
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
      const back = neighbour.value.nearby
      if (!Array.isArray(back) || !back.includes(slug))
        errors.push({
          file: city.file,
          entry: city.entry,
          field,
          message: `"${String(other)}" does not list "${String(slug)}" back; add it to the nearby list in data/${neighbour.file} (neighbour links go both ways)`,
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
