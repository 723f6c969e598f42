/*
 * The tests' sample projects and reviews as the tests' build holds them (__tests__/fixtures/proof/make-proof.mjs
 * writes them before `SITE_SAMPLE_PROOF=1 node scripts/build-site.mjs`), and the pages they make.
 */
import fs from "node:fs"
import path from "node:path"
import { paths } from "../../src/lib/paths"
import { cities } from "../fixtures/content"

export const PROOF_DIR = path.resolve(__dirname, "../fixtures/proof/built")

export interface SampleProject {
  slug: string
  title: string
  service: string
  city: string
  county: string
  finished: string
  description: string
  featured?: boolean
  photos: { image: string; alt: string; before?: boolean }[]
}

export interface SampleReview {
  slug: string
  text: string
  name: string
  date: string
  rating: number
  source: string
  url?: string
  city?: string
  service?: string
}

const readFolder = <T>(folder: string): T[] => {
  const dir = path.join(PROOF_DIR, "data", folder)
  if (!fs.existsSync(dir))
    throw new Error(`${dir} is missing: build the site with SITE_SAMPLE_PROOF=1 node scripts/build-site.mjs`)
  return fs
    .readdirSync(dir)
    .filter(name => name.endsWith(".json"))
    .sort()
    .map(name => ({
      slug: name.slice(0, -".json".length),
      ...JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")),
    }))
}

const countyOf = (city: string) => {
  const found = cities.find(each => each.slug === city)
  if (!found) throw new Error(`The sample names a city the content does not hold: ${city}`)
  return found.county
}

export const sampleProjects: SampleProject[] = readFolder<Omit<SampleProject, "county">>("projects").map(project => ({
  ...project,
  county: countyOf(project.city),
}))

export const sampleReviews: SampleReview[] = readFolder<SampleReview>("reviews")

/** Newest first, as every list of them is ordered. */
export const newestProjects = [...sampleProjects].sort(
  (one, other) => other.finished.localeCompare(one.finished) || one.slug.localeCompare(other.slug),
)
export const newestReviews = [...sampleReviews].sort(
  (one, other) => other.date.localeCompare(one.date) || one.slug.localeCompare(other.slug),
)

const unique = (values: string[]) => [...new Set(values)]

/** The pages the samples make: one per project, the list and its filters, the reviews. */
export const proofRoutes = [
  paths.projects,
  ...sampleProjects.map(project => paths.project(project.slug)),
  ...unique(sampleProjects.map(project => project.service)).map(paths.projectsOfService),
  ...unique(sampleProjects.map(project => project.county)).map(paths.projectsInCounty),
  paths.reviews,
]

/** The page of the sample project with the most photos (twelve, the most a project may have). */
export const fullestProjectRoute = paths.project(
  [...sampleProjects].sort((one, other) => other.photos.length - one.photos.length)[0]?.slug ?? "",
)
