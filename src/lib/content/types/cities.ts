/*
 * A city, one file per city in data/cities/<slug>.json: where it lies, its neighbours and its local copy. Its
 * file is named by its slug, and its slug is its name in lower case with hyphens, as its page's address is.
 */
import type { FolderType } from "../declaration"
import type { ContentError } from "../entry"
import { MAX_NEIGHBOUR_KM } from "../places"
import { entry, group, latitude, list, longitude, paragraph, ref, slug, text } from "../schema-builders"
import { slugFromName } from "../../paths"

const FOLDER = "cities/"
const cityFile = (slug: string) => `${FOLDER}${slug}.json`

export const cities: FolderType = {
  folder: FOLDER,
  noun: "city",
  display: "name",
  required: true,
  schema: entry("CitiesJson", {
    slug: slug(),
    name: text(),
    county: ref("CountiesJson", { back: "cities" }),
    geo: group("GeoPoint", { latitude: latitude(), longitude: longitude() }),
    // The city's own picks; gatsby-node's resolver adds every city that lists this one (places.ts, neighboursOf).
    nearby: list(ref("CitiesJson", { bothWays: true }), 1),
    localInfo: paragraph(),
    weatherConsiderations: paragraph(),
    popularProjects: list(text(), 4),
    nearbyLandmarks: list(text(), 4),
    faq: list(group("QuestionAndAnswer", { question: text(), answer: paragraph() }, { inList: true }), 1, 2),
  }).typeError("must be a JSON object"),
  check(cities) {
    const errors: ContentError[] = []
    const report = ({ file, entry }: { file: string; entry: string }, field: string, message: string) =>
      errors.push({ file, entry, field, message })
    for (const city of cities) {
      const { slug, name, nearby } = city.value
      if (typeof slug !== "string") continue
      if (city.file !== cityFile(slug))
        report(city, "slug", `"${slug}" must match the file's name: the city's file is data/${cityFile(slug)}`)
      if (typeof name === "string" && slugFromName(name) !== slug)
        report(
          city,
          "slug",
          `must be the name lowercased and hyphenated ("${slugFromName(name)}"), as city page addresses are`,
        )
      if (Array.isArray(nearby) && nearby.includes(slug)) report(city, "nearby", "a city cannot be its own neighbour")
    }
    return errors
  },
  editor: {
    label: "Cities",
    preview: true,
    singulars: { faq: "question" },
    collection: {
      label_singular: "City",
      identifier_field: "name",
      slug: "{{fields.slug}}",
      summary: "{{name}}",
      sortable_fields: ["name", "county"],
    },
    hints: {
      slug:
        "The name in lower case with hyphens, like west-valley-city. It becomes the page's address, " +
        "/locations/west-valley-city/, and the file's name.",
      county: "The county the city is in; its position must lie inside that county's area.",
      nearby:
        `Towns next door or one town away by road, within ${MAX_NEIGHBOUR_KM} km. Both pages link to each other: ` +
        "there is no need to add this city to their lists too.",
    },
  },
}
