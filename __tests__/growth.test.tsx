/*
 * Room to grow: the counts in the specification describe the content the site ships with, not a limit.
 * One more city (its file in data/cities/, which names its neighbours) gets a page, a place
 * under its county in /locations, a sitemap entry and links from its neighbours with no change to code;
 * removing a city leaves no broken link, and the validation catches a neighbour list still naming it.
 */
import { render, screen, within } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { defaultFilterPages, pageFilter } from "gatsby-plugin-sitemap/internals"
import config from "../gatsby-config"
import { validateContent } from "../src/build-time/content/validation"
import { paths } from "../src/lib/paths"
import LocationsPage from "../src/pages/locations"
import CityPage from "../src/templates/city-page"
import { cityFilesOf, readRealContent, type ContentFixture } from "./fixtures/content-dir"
import { createdPaths, nodesOf } from "./support/pages"
import { cityPageData, locationsPageData, pageProps, staticQueryData, type PlaceContent } from "./fixtures/site-data"

jest.mock("../src/components/estimate-section", () => ({ EstimateSection: () => null }))

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue(staticQueryData)
})

/** Farmington's file, data/cities/farmington.json: the city and its local content. */
const farmington = {
  slug: "farmington",
  name: "Farmington",
  county: "davis",
  geo: { latitude: 40.981, longitude: -111.887 },
  nearby: ["kaysville", "bountiful"],
  localInfo:
    "Farmington is the Davis County seat, set between the Wasatch foothills and the marshes of Farmington Bay. Older homes near Main Street sit on benches above the freeway, while newer streets around Station Park spread across lower, wetter ground.",
  weatherConsiderations:
    "Canyon winds can gust hard down the foothills, and winters bring repeated freeze-thaw cycles, so exterior slabs need air-entrained concrete and a sealer.",
  popularProjects: ["Driveway replacements", "Stamped patios", "Walkout basements on bench lots", "Retaining walls"],
  nearbyLandmarks: ["Lagoon", "Station Park", "Farmington Bay Waterfowl Management Area", "Davis County Courthouse"],
  faq: [
    {
      question: "Does a sloped Farmington lot need a retaining wall for a patio?",
      answer: "Often it does: walls over 4 feet generally need an engineered design and a permit.",
    },
  ],
}

/** The real content without one city's file, and (when asked) without its name in the neighbour lists. */
function withoutCity(files: ContentFixture, slug: string, options: { updateNeighbours: boolean }): ContentFixture {
  delete files[`cities/${slug}.json`]
  if (options.updateNeighbours)
    for (const file of cityFilesOf(files))
      files[file].nearby = files[file].nearby.filter((other: string) => other !== slug)
  return files
}

/** The real content as it would be without Farmington, the fixture's new city, should the owner have added it. */
const contentBefore = () => withoutCity(readRealContent(), farmington.slug, { updateNeighbours: true })
const citiesBefore = cityFilesOf(contentBefore()).length

/** That content with Farmington added: one new file, which names its neighbours. */
function withOneMoreCity(): ContentFixture {
  const files = contentBefore()
  files["cities/farmington.json"] = JSON.parse(JSON.stringify(farmington))
  return files
}

/** A city the real content can lose: one that is no county's menu hub and whose neighbours keep another. */
const removable = (() => {
  const files = readRealContent()
  const hubs = new Set(files["counties.json"].counties.map((county: { hubCity: string }) => county.hubCity))
  const listing = (slug: string) => cityFilesOf(files).filter(file => files[file].nearby.includes(slug))
  const slug = cityFilesOf(files)
    .map(file => files[file].slug as string)
    .find(candidate => !hubs.has(candidate) && listing(candidate).every(file => files[file].nearby.length > 1))
  if (!slug) throw new Error("The content has no city that can be removed")
  return { slug, listedBy: listing(slug).map(file => `"${files[file].slug}"`) }
})()

const withoutRemovable = (options: { updateNeighbours: boolean }) =>
  withoutCity(readRealContent(), removable.slug, options)

const placesOf = (files: ContentFixture): PlaceContent => {
  const nodes = nodesOf(files)
  return {
    cities: nodes.CitiesJson as unknown as PlaceContent["cities"],
    counties: nodes.CountiesJson as unknown as PlaceContent["counties"],
  }
}

/** The pages src/pages makes, as Gatsby names them with trailingSlash "always", the 404 pages included. */
const srcPagePaths = [paths.home, paths.estimate, paths.locations, "/404/", "/404.html"]

/** What gatsby-plugin-sitemap lists: every page (the src/pages ones too) that its excludes leave in. */
function sitemapPaths(created: string[]): string[] {
  const sitemap = config.plugins?.find(
    plugin => typeof plugin === "object" && plugin.resolve === "gatsby-plugin-sitemap",
  ) as unknown as { options: { excludes: string[] } }
  const allPages = [...srcPagePaths, ...created].map(page => ({ path: page }))
  const { filteredPages } = pageFilter({
    allPages,
    filterPages: defaultFilterPages,
    excludes: sitemap.options.excludes,
  })
  return filteredPages.map((page: { path: string }) => page.path)
}

/** Every /locations/… link on a rendered page. */
const locationLinks = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLAnchorElement>(`a[href^="${paths.locations}"]`), link =>
    link.getAttribute("href"),
  )

describe("one more city", () => {
  const files = withOneMoreCity()
  const places = placesOf(files)

  it("passes the validation with nothing else changed", () => {
    expect(cityFilesOf(files)).toHaveLength(citiesBefore + 1)
    expect(validateContent(files)).toEqual([])
  })

  it("gets its page from createPages", async () => {
    const created = await createdPaths(files)
    expect(created.filter(page => page.startsWith(paths.locations))).toHaveLength(citiesBefore + 1)
    expect(created).toContain(paths.city("farmington"))
  })

  it("gets a sitemap entry", async () => {
    const sitemap = sitemapPaths(await createdPaths(files))
    expect(sitemap).toContain(paths.city("farmington"))
    expect(sitemap).toEqual(expect.arrayContaining([paths.home, paths.estimate, paths.locations]))
    expect(sitemap).not.toContain("/404/")
    expect(sitemap).not.toContain("/404.html")
  })

  it("is listed under its county in /locations", () => {
    render(<LocationsPage {...pageProps(locationsPageData(places), paths.locations)} />)
    const davis = screen.getByRole("region", { name: "Davis County" })
    expect(within(davis).getByRole("link", { name: "Farmington" })).toHaveAttribute("href", paths.city("farmington"))
    expect(document.body).toHaveTextContent(`${citiesBefore + 1} cities in ${places.counties.length} counties`)
  })

  it.each(farmington.nearby)("is linked from its neighbour %s, and links back", neighbour => {
    const { container, unmount } = render(
      <CityPage {...pageProps(cityPageData(neighbour, places), paths.city(neighbour))} />,
    )
    expect(locationLinks(container)).toContain(paths.city("farmington"))
    unmount()
    const own = render(<CityPage {...pageProps(cityPageData("farmington", places), paths.city("farmington"))} />)
    expect(locationLinks(own.container)).toContain(paths.city(neighbour))
  })

  it("needs to be listed on one side only: a one-way link passes and both pages link", () => {
    const oneWay = contentBefore()
    oneWay["cities/farmington.json"] = JSON.parse(JSON.stringify(farmington))
    expect(validateContent(oneWay)).toEqual([])
    const oneWayPlaces = placesOf(oneWay)
    for (const neighbour of farmington.nearby) {
      const { container, unmount } = render(
        <CityPage {...pageProps(cityPageData(neighbour, oneWayPlaces), paths.city(neighbour))} />,
      )
      expect(locationLinks(container)).toContain(paths.city("farmington"))
      unmount()
    }
  })
})

describe("one city fewer", () => {
  it("the validation names every neighbour list that still links to the removed city", () => {
    const errors = validateContent(withoutRemovable({ updateNeighbours: false }))
    const dangling = errors.filter(error => error.message.includes(`"${removable.slug}" is not a known city`))
    expect(dangling.map(error => error.entry).sort()).toEqual(removable.listedBy.sort())
  })

  describe("with the neighbour lists updated", () => {
    const files = withoutRemovable({ updateNeighbours: true })
    const places = placesOf(files)

    it("pass the validation", () => {
      expect(cityFilesOf(files)).toHaveLength(cityFilesOf(readRealContent()).length - 1)
      expect(validateContent(files)).toEqual([])
    })

    it("make a page for every city left, none for the removed city, and a sitemap without it", async () => {
      const created = await createdPaths(files)
      expect(created.filter(page => page.startsWith(paths.locations))).toHaveLength(cityFilesOf(files).length)
      expect(created).not.toContain(paths.city(removable.slug))
      expect(sitemapPaths(created)).not.toContain(paths.city(removable.slug))
    })

    it("leave no link on any city page or on /locations to a page that does not exist", async () => {
      const built = new Set([...srcPagePaths, ...(await createdPaths(files))])
      const links = [
        locationLinks(render(<LocationsPage {...pageProps(locationsPageData(places), paths.locations)} />).container),
      ]
      for (const city of placesOf(files).cities) {
        const { container, unmount } = render(
          <CityPage {...pageProps(cityPageData(city.slug, places), paths.city(city.slug))} />,
        )
        links.push(locationLinks(container))
        unmount()
      }
      const broken = links.flat().filter(href => !built.has(href as string))
      expect(broken).toEqual([])
      // Enough links to the cities' own pages, leaving out those to /locations/ itself.
      const cityLinks = links.flat().filter(href => href !== paths.locations)
      expect(cityLinks.length).toBeGreaterThan(cityFilesOf(files).length * 3)
    })
  })
})
