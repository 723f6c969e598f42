/*
 * The counties served, data/counties.json's `counties`: each with its menu's main city, its copy, the area it
 * covers and its hero artwork. Each county needs a city, and its cities lie inside its area (places.ts).
 */
import type { ListType } from "../declaration"
import type { ContentError } from "../entry"
import { PATTERNS } from "../patterns"
import { checkPlaces } from "../places"
import { entry, group, latitude, longitude, paragraph, ref, slug, text } from "../schema-builders"

export const counties: ListType = {
  file: "counties.json",
  key: "counties",
  noun: "county",
  display: "name",
  schema: entry("CountiesJson", {
    slug: slug(),
    name: text(),
    hubCity: ref("CitiesJson"),
    summary: paragraph(),
    description: paragraph(),
    // A generous box around the county: the area the structured data declares, and where its cities must lie.
    bounds: group("CountyBounds", { south: latitude(), west: longitude(), north: latitude(), east: longitude() }),
    // The county's hero artwork, which its city pages share.
    image: text({
      ...PATTERNS.image,
      hint: "a file name in src/images, like county-salt-lake.png",
      graphql: 'File! @link(by: "relativePath")',
    }),
    imageAlt: text(),
  }),
  check(counties, entriesOf) {
    const cities = entriesOf("CitiesJson")
    const errors: ContentError[] = checkPlaces(cities, counties)
    for (const county of counties) {
      const hub = cities.find(city => city.value.slug === county.value.hubCity)
      if (hub && hub.value.county !== county.value.slug)
        errors.push({
          file: county.file,
          entry: county.entry,
          field: "hubCity",
          message: `"${String(county.value.hubCity)}" is in county "${String(hub.value.county)}", not "${String(county.value.slug)}"`,
        })
    }
    return errors
  },
  editor: {
    label: "Counties",
    preview: false,
    summary: "{{fields.name}}",
    hints: { hubCity: "The county's main city, shown in the menu; it must be a city in this county." },
  },
}
