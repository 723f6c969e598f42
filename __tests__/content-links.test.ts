/*
 * Issue 35: a link between two content types is declared once, in its type's schema (content/types/, a `ref`),
 * and every other place follows from it: the build's check that the named entry exists, the GraphQL field that
 * resolves to it (and the field back, when declared), and the content manager's choice among the entries.
 * Each declared link is checked here in all four places, so a link added or removed needs no test edit.
 */
import { relationTo } from "../src/build-time/cms/config"
import { cmsFields } from "../src/build-time/cms/fields"
import { contentTypeDefinitions } from "../src/build-time/content/node-types"
import { allLinks, contentType } from "../src/lib/content/schemas"
import { validateContent } from "../src/build-time/content/validation"
import { readRealContent, type ContentFixture } from "./fixtures/content-dir"

const links = allLinks()
const sdl = contentTypeDefinitions()
const fieldOf = (type: string, field: string) =>
  new RegExp(`type ${type}[^{]*\\{[^}]*\\n  ${field}: ([^\\n]+)`).exec(sdl)?.[1]

/** The content with the link's first entry (or a new entry, where the folder has none) naming nothing. */
function brokenLink(link: (typeof links)[number]): ContentFixture {
  const files = readRealContent()
  const { place } = contentType(link.from)
  const value = link.many ? ["no-such-entry"] : "no-such-entry"
  if ("file" in place) files[place.file][place.key][0][link.field] = value
  else {
    const file = Object.keys(files).find(name => name.startsWith(place.folder)) ?? `${place.folder}sample.json`
    files[file] = { ...files[file], [link.field]: value }
  }
  return files
}

it("the content declares its links: a city's county and neighbours, a project's city and service …", () => {
  expect(links.map(link => `${link.from}.${link.field} → ${link.to}`)).toEqual(
    expect.arrayContaining([
      "CitiesJson.county → CountiesJson",
      "CitiesJson.nearby → CitiesJson",
      "CountiesJson.hubCity → CitiesJson",
      "ProjectsJson.city → CitiesJson",
      "ReviewsJson.service → ServicesJson",
    ]),
  )
})

describe.each(links.map(link => [`${link.from}.${link.field}`, link] as const))("the link %s", (_name, link) => {
  it("is checked by the build: a slug naming no entry stops it, at the file, the entry and the field", () => {
    const errors = validateContent(brokenLink(link))
    const field = link.many ? `${link.field}[0]` : link.field
    expect(errors).toContainEqual(
      expect.objectContaining({ field, message: expect.stringMatching(/^"no-such-entry" is not a known /) }),
    )
  })

  it("resolves to the entry in GraphQL, and gives the entry its field back when declared", () => {
    const type = fieldOf(link.from, link.field)
    // An entry's own slug stays its address, and the entry it names links back to it.
    if (link.field === "slug") expect(type).toBe("String!")
    else {
      expect(type).toContain(link.to)
      expect(type?.includes("@link")).toBe(!link.bothWays)
    }
    if (link.back) expect(fieldOf(link.to, link.back)).toContain(link.from)
  })

  it("is chosen among the existing entries in the content manager", () => {
    const field = cmsFields(contentType(link.from).schema, { relations: relationTo }).find(
      each => each.name === link.field,
    )
    expect(field).toMatchObject({ widget: "relation", ...relationTo(link.to) })
    expect(Boolean(field?.multiple)).toBe(link.many)
  })
})
