/*
 * A city: its page, drawn from the built page of the same city (or, for a new city or one moved to another
 * county, of its county's main city), with the entry's own words and lists in. Neighbours are named as the
 * locations page names every built city. The links the build adds back from other cities' lists stay as the
 * published page has them; a neighbour just taken off the list still shows until the next build.
 */
import type { PageProps } from "gatsby"
import CityPage from "../../templates/city-page"
import { paths } from "../../lib/paths"
import { list, text, type PagePreview } from "./preview-kind"
import { builtPage, firstBuilt, staticField, type BuiltPage } from "./site-data"

type CityData = Queries.CityPageQuery
type City = NonNullable<CityData["citiesJson"]>
type Place = { slug: string; name: string }

interface CityBase {
  page: BuiltPage<CityData>
  /** Whether `page` is this city's own page, whose neighbours include the links the build adds back. */
  own: boolean
  names: Map<string, string>
}

const nameOf = (places: readonly Place[], names: Map<string, string>) =>
  places.forEach(place => names.set(place.slug, place.name))

export const cityPreview: PagePreview<CityBase> = {
  key: ({ slug, data }) => JSON.stringify([slug, data.county, data.nearby]),
  load: async ({ slug, data }) => {
    const county = text(data.county)
    if (!county) return "Choose the city's county to see its page."
    // The locations page lists every city the site has built, and its header holds each county's main city. A
    // city being added, or saved but not built yet, has no page data: asking for it would put a 404 in the
    // owner's console.
    const locations = await builtPage<Queries.LocationsPageQuery>(paths.locations)
    if (!locations) return "The site has no city page built yet."
    const names = new Map<string, string>()
    for (const each of locations.data.allCountiesJson.nodes) nameOf(each.cities, names)
    const counties = staticField<{ nodes: { slug: string; hubCity: { slug: string } }[] }>(locations, "allCountiesJson")
    const hubs = [...(counties?.nodes ?? [])].sort((a, b) => Number(b.slug === county) - Number(a.slug === county))
    const own = slug && names.has(slug) ? await builtPage<CityData>(paths.city(slug)) : undefined
    const isOwn = own?.data.citiesJson?.county.slug === county
    const page = isOwn ? own : await firstBuilt<CityData>(hubs.map(hub => paths.city(hub.hubCity.slug)))
    if (!page?.data.citiesJson) return "The site has no city page built yet."
    return { page: page as BuiltPage<CityData>, own: Boolean(isOwn), names }
  },
  page: ({ page, own, names }, { data }) => {
    const built = page.data.citiesJson as City
    const nearby = list<string>(data.nearby)
    const addedBack = own ? built.nearby.filter(place => !nearby.includes(place.slug)) : []
    const geo = data.geo as City["geo"] | undefined
    const city: City = {
      ...built,
      slug: text(data.slug) || built.slug,
      name: text(data.name),
      geo: geo ?? built.geo,
      nearby: [...nearby.map(slug => ({ slug, name: names.get(slug) ?? slug })), ...addedBack],
      localInfo: text(data.localInfo),
      weatherConsiderations: text(data.weatherConsiderations),
      popularProjects: list<string>(data.popularProjects),
      nearbyLandmarks: list<string>(data.nearbyLandmarks),
      faq: list<{ question: string; answer: string }>(data.faq),
    }
    const props = {
      data: { ...page.data, citiesJson: city },
      location: { pathname: paths.city(city.slug) },
    } as PageProps<CityData>
    return { element: <CityPage {...props} />, staticData: page.staticData }
  },
}
