/*
 * A customer's review, one file per review in data/reviews/<name>.json, in the customer's own words. Every
 * review entered is shown, whatever its stars.
 */
import type { FolderType } from "../declaration"
import { misnamed } from "../entry"
import { PATTERNS } from "../patterns"
import { entry, numeric, paragraph, ref, text } from "../schema-builders"

export const reviews: FolderType = {
  folder: "reviews/",
  noun: "review",
  display: "name",
  required: false,
  schema: entry("ReviewsJson", {
    text: paragraph(),
    name: text({ maxLength: 60, hint: "the name as the customer gave it, like Dana R." }),
    date: text(PATTERNS.date),
    rating: numeric({ min: 1, max: 5, integer: true }),
    source: text(PATTERNS.reviewSource),
    url: text({ ...PATTERNS.webAddress, optional: true }),
    city: ref("CitiesJson", { optional: true }),
    service: ref("ServicesJson", { optional: true }),
  }).typeError("must be a JSON object"),
  // Named by its file's name, which is written as a slug, as a project's is.
  check: entries => entries.flatMap(misnamed),
  editor: {
    label: "Reviews (customers' words)",
    preview: false,
    labels: { text: "The customer's words" },
    collection: {
      label_singular: "Review",
      identifier_field: "name",
      slug: "{{fields.date}}-{{slug}}",
      summary: "{{name}}, {{date}} ({{rating}} of 5)",
      sortable_fields: ["date", "name", "rating"],
    },
    hints: {
      text:
        "The customer's words exactly as they wrote them: do not shorten or correct them. Every review entered " +
        "is shown, whatever its stars.",
      source: "Where the customer left it; 'Directly to us' for a letter, e-mail or text.",
      url: "The address of the review where it was left, when there is one.",
      city: "The customer's city, when known.",
      service: "The service the review is about, when known.",
    },
  },
}
