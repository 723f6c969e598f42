/*
 * The services, data/services.json's `services`: the home page's cards, the words the pages' running text
 * joins, and, once the owner gives it, what recent jobs came to (price.ts).
 */
import type { ListType } from "../declaration"
import { PATTERNS } from "../patterns"
import { entry, group, list, numeric, paragraph, slug, text } from "../schema-builders"

export const services: ListType = {
  file: "services.json",
  key: "services",
  noun: "service",
  display: "title",
  schema: entry("ServicesJson", {
    slug: slug(),
    title: text(),
    // Joined with the others into the running text of the home, estimate and city pages and the footer.
    phrase: text({ hint: "the service as it reads inside a sentence, in lower case: patios and RV pads" }),
    description: paragraph(),
    features: list(text(), 4, 4),
    image: text({ ...PATTERNS.image, graphql: 'File! @link(by: "relativePath")' }),
    // What recent jobs came to, from the owner's own figures, dated; shown only when set (price.ts).
    price: group(
      "ServicePrice",
      {
        low: numeric({ min: 1, integer: true }),
        high: numeric({ min: 1, integer: true }),
        unit: text(PATTERNS.priceUnit),
        includes: text({ hint: "what the figures include, like tear-out, base, rebar and a broom finish" }),
        smallestJob: text({ optional: true, hint: "the smallest job taken, like a 10 × 10 ft pad" }),
        checked: text(PATTERNS.month),
      },
      { optional: true },
    ).test({
      name: "range",
      skipAbsent: true,
      test(value, context) {
        const { low, high } = value as { low?: unknown; high?: unknown }
        if (typeof low !== "number" || typeof high !== "number" || low <= high) return true
        return context.createError({
          path: `${context.path}.low`,
          message: `${low} is above the high figure, ${high}`,
        })
      },
    }),
  }),
  editor: {
    label: "Service cards (home page)",
    preview: false,
    summary: "{{fields.title}}",
    labels: {
      low: "Low figure (dollars)",
      high: "High figure (dollars)",
      includes: "What the figures include",
      smallestJob: "Smallest job taken",
      checked: "Month the figures were checked",
    },
    hints: {
      price:
        "Optional: what your own recent jobs came to, never a guess. Shown on the service page as a guide with " +
        "the month you checked it; the deploy build warns once that month is more than 12 months ago. Leave " +
        "every field empty to show no price.",
    },
  },
}
