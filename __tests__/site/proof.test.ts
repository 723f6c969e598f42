/*
 * The business's own work and words in the tests' build, which holds their sample projects and reviews
 * (__tests__/fixtures/proof): every place they show, the order, the filters' addresses, the average, and
 * that no published image carries the GPS position the phone wrote into the photos.
 */
import { paths } from "../../src/lib/paths"
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { cities, counties, servicePages, services } from "../fixtures/content"
import { locationIn } from "../support/exif"
import {
  newestProjects,
  newestReviews,
  PROOF_DIR,
  sampleProjects,
  sampleReviews,
  type SampleProject,
} from "../support/proof"
import { readPage, routes, siteRoot, textOf } from "../support/site"

const titlesIn = (root: ParentNode | null) =>
  Array.from(root?.querySelectorAll("article h3 a") ?? [], link => link.textContent?.trim())
const recentWork = (route: string) => readPage(route).querySelector("#recent-work")
const projectTitles = (projects: SampleProject[]) => projects.map(project => project.title)

/** A page of projects, checked to list exactly the projects `kept` picks (every one by default), newest first. */
function projectsPage(address: string, kept: (project: SampleProject) => boolean = () => true) {
  const document = readPage(address)
  expect(titlesIn(document.querySelector("main"))).toEqual(projectTitles(newestProjects.filter(kept)))
  return document
}

describe("the projects page and its filters", () => {
  test("/projects lists every project, newest first, each linking to its own page", () => {
    const document = projectsPage(paths.projects)
    for (const project of sampleProjects)
      expect(document.querySelector(`main article a[href="${paths.project(project.slug)}"]`)).not.toBeNull()
  })

  test.each(
    services.filter(service => sampleProjects.some(project => project.service === service.slug)).map(s => [s.slug]),
  )("the service filter %s has its own address and lists exactly that service's projects", slug => {
    const document = projectsPage(paths.projectsOfService(slug), project => project.service === slug)
    const current = document.querySelector('nav[aria-labelledby="filter-service"] a[aria-current="page"]')
    expect(current?.getAttribute("href")).toBe(paths.projectsOfService(slug))
  })

  test.each(
    counties.filter(county => sampleProjects.some(project => project.county === county.slug)).map(c => [c.slug]),
  )("the county filter %s has its own address and lists exactly that county's projects", slug => {
    projectsPage(paths.projectsInCounty(slug), project => project.county === slug)
  })

  test("offers as filters only the services and counties that have a project, as plain links", () => {
    const document = readPage(paths.projects)
    const hrefs = Array.from(document.querySelectorAll('nav[aria-labelledby^="filter-"] a'), a =>
      a.getAttribute("href"),
    )
    const expected = [
      paths.projects,
      ...services.filter(s => sampleProjects.some(p => p.service === s.slug)).map(s => paths.projectsOfService(s.slug)),
      paths.projects,
      ...counties.filter(c => sampleProjects.some(p => p.county === c.slug)).map(c => paths.projectsInCounty(c.slug)),
    ]
    expect(hrefs).toEqual(expected)
  })
})

describe.each(sampleProjects.map(project => [project.slug, project] as const))(
  "the project page %s",
  (slug, project) => {
    const document = readPage(paths.project(slug))
    const main = document.querySelector("main") as Element

    test("is titled by the project and links its service and its city", () => {
      expect(textOf(document.querySelector("h1") as Element)).toBe(project.title)
      const city = cities.find(each => each.slug === project.city)
      expect(main.querySelector(`a[href="${paths.city(project.city)}"]`)?.textContent).toBe(city?.name)
      if (servicePages.some(page => page.slug === project.service))
        expect(main.querySelector(`a[href="${paths.service(project.service)}"]`)).not.toBeNull()
      expect(textOf(main)).toContain(project.description)
    })

    test("shows every photo with its alt text, its size reserved, the later ones loading lazily", () => {
      const images = Array.from(main.querySelectorAll("figure img"))
      expect(images.map(image => image.getAttribute("alt")).sort()).toEqual(
        project.photos.map(photo => photo.alt).sort(),
      )
      for (const image of images) {
        expect(Number(image.getAttribute("width"))).toBeGreaterThan(0)
        expect(Number(image.getAttribute("height"))).toBeGreaterThan(0)
      }
      expect(images.slice(2).every(image => image.getAttribute("loading") === "lazy")).toBe(true)
    })

    test("puts the first photo from before the work beside the first from after it", () => {
      const pair = main.querySelector('[role="group"][aria-label="Before and after"]')
      const before = project.photos.find(photo => photo.before)
      const after = project.photos.find(photo => !photo.before)
      if (!before || !after) return expect(pair).toBeNull()
      const [first, second] = Array.from(pair?.querySelectorAll("figure") ?? [])
      expect(first.querySelector("img")?.getAttribute("alt")).toBe(before.alt)
      expect(textOf(first.querySelector("figcaption") as Element)).toBe("Before")
      expect(second.querySelector("img")?.getAttribute("alt")).toBe(after.alt)
      expect(textOf(second.querySelector("figcaption") as Element)).toBe("After")
    })

    test("has the estimate form", () => {
      expect(document.querySelector("#estimate form")).not.toBeNull()
    })
  },
)

describe("recent work on the other pages", () => {
  test.each(servicePages.map(page => [page.slug]))(
    "the service page /%s shows its own latest projects, or none",
    slug => {
      const own = newestProjects.filter(project => project.service === slug).slice(0, 3)
      const section = recentWork(`/${slug}`)
      if (own.length === 0) return expect(section).toBeNull()
      expect(titlesIn(section)).toEqual(projectTitles(own))
    },
  )

  test.each(cities.map(city => [city.slug, city.county]))(
    "the city page of %s shows its own projects, else its county's, else no section",
    (slug, county) => {
      const own = newestProjects.filter(project => project.city === slug)
      const nearby = newestProjects.filter(project => project.county === county)
      const section = recentWork(paths.city(slug))
      const expected = (own.length > 0 ? own : nearby).slice(0, 3)
      if (expected.length === 0) return expect(section).toBeNull()
      expect(titlesIn(section)).toEqual(projectTitles(expected))
    },
  )

  test("the home page shows the featured projects, newest first, and links every project", () => {
    const section = recentWork("/")
    expect(titlesIn(section)).toEqual(projectTitles(newestProjects.filter(project => project.featured).slice(0, 3)))
    expect(section?.querySelector(`a[href="${paths.projects}"]`)).not.toBeNull()
  })

  test("every page's footer links the projects and the reviews, since the build has both", () => {
    for (const route of routes) {
      const footer = readPage(route).querySelector("footer")
      expect([route, Boolean(footer?.querySelector(`a[href="${paths.projects}"]`))]).toEqual([route, true])
      expect([route, Boolean(footer?.querySelector(`a[href="${paths.reviews}"]`))]).toEqual([route, true])
    }
  })
})

describe("reviews", () => {
  const reviewsPage = readPage(paths.reviews)
  const cards = Array.from(reviewsPage.querySelectorAll("main figure"))

  test("/reviews shows every review entered, newest first, whatever its rating", () => {
    expect(cards.map(card => card.querySelector("figcaption span")?.textContent)).toEqual(
      newestReviews.map(r => r.name),
    )
    expect(new Set(sampleReviews.map(review => review.rating)).size).toBeGreaterThan(2)
  })

  test("each shows the customer's words unedited, the name, the date, the stars and where it was left", () => {
    newestReviews.forEach((review, index) => {
      const card = cards[index]
      expect(card.querySelector("blockquote")?.textContent).toBe(review.text)
      expect(card.querySelector("time")?.getAttribute("datetime")).toBe(review.date)
      expect(textOf(card)).toContain(`Rated ${review.rating} out of 5`)
      expect(textOf(card)).toContain(
        review.source === "Directly to us" ? "Sent to us directly" : `Left on ${review.source}`,
      )
      if (review.url) expect(card.querySelector(`a[href="${review.url}"]`)).not.toBeNull()
    })
  })

  test("the average shown is worked out from the reviews listed, and labelled so", () => {
    const average = Math.round((sampleReviews.reduce((sum, r) => sum + r.rating, 0) / sampleReviews.length) * 10) / 10
    expect(textOf(reviewsPage.querySelector("main") as Element)).toContain(
      `Average ${average} out of 5 from the ${sampleReviews.length} reviews on this site`,
    )
  })

  test("sit beside every estimate form but the one on /reviews, the page's own first", () => {
    for (const route of routes.filter(each => each !== paths.reviews)) {
      const document = readPage(route)
      if (!document.querySelector("#estimate form")) continue
      const aside = document.querySelector('#estimate [aria-labelledby="reviews-aside-title"]')
      expect([route, aside?.querySelectorAll("figure").length]).toEqual([route, Math.min(2, sampleReviews.length)])
    }
    for (const page of servicePages) {
      const own = newestReviews.find(review => review.service === page.slug)
      if (!own) continue
      const first = readPage(`/${page.slug}`).querySelector('#estimate [aria-labelledby="reviews-aside-title"] figure')
      expect(first?.querySelector("blockquote")?.textContent).toBe(own.text)
    }
    for (const city of cities) {
      const own = newestReviews.find(review => review.city === city.slug)
      if (!own) continue
      const first = readPage(paths.city(city.slug)).querySelector(
        '#estimate [aria-labelledby="reviews-aside-title"] figure',
      )
      expect(first?.querySelector("blockquote")?.textContent).toBe(own.text)
    }
  })

  test("add no rating markup for an average the business worked out itself", () => {
    for (const route of routes) {
      const markup = Array.from(
        readPage(route).querySelectorAll('script[type="application/ld+json"]'),
        s => s.textContent,
      )
      expect([route, markup.join("").includes('"Review"')]).toEqual([route, false])
    }
  })
})

describe("photos carry no location", () => {
  const sourceDir = path.join(PROOF_DIR, "images/projects")
  const sources = fs.readdirSync(sourceDir).filter(name => /\.(jpe?g|png|webp)$/i.test(name))
  const published: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(jpe?g|png|webp|avif)$/i.test(entry.name)) published.push(full)
    }
  }
  walk(siteRoot)
  const digest = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex")

  test("the sample photos do carry a GPS position, as a phone's do", async () => {
    const located = await Promise.all(sources.map(name => locationIn(path.join(sourceDir, name))))
    expect(located.some(facts => facts.gps)).toBe(true)
  })

  test("no image the build publishes holds GPS data, or any EXIF block", async () => {
    expect(published.length).toBeGreaterThan(sources.length)
    for (const file of published) {
      const facts = await locationIn(file)
      expect([path.relative(siteRoot, file), facts]).toEqual([
        path.relative(siteRoot, file),
        { exif: false, gps: false },
      ])
    }
  })

  test("no original upload is served", () => {
    const originals = new Set(sources.map(name => digest(path.join(sourceDir, name))))
    for (const file of published)
      expect([path.relative(siteRoot, file), originals.has(digest(file))]).toEqual([
        path.relative(siteRoot, file),
        false,
      ])
  })
})
