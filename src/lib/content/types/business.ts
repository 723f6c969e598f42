/*
 * The business's facts, data/business.json: one object that every page, the structured data and the sitemap
 * read. Optional facts are shown only once the owner sets them; nothing is shown in their place.
 */
import type { SingleFile } from "../declaration"
import { PATTERNS } from "../patterns"
import { group, list, numeric, paragraph, text } from "../schema-builders"

export const business: SingleFile = {
  file: "business.json",
  schema: group("BusinessJson", {
    name: text(),
    phone: text(PATTERNS.phone),
    email: text(PATTERNS.email),
    siteUrl: text(PATTERNS.siteUrl),
    addressRegion: text(),
    addressCountry: text(),
    priceRange: text(),
    // Optional: only a real rating from real reviews, which the site then shows beside the markup.
    rating: group(
      "BusinessRating",
      {
        value: numeric({ min: 1, max: 5 }),
        count: numeric({ min: 1, integer: true }),
        url: text({ ...PATTERNS.webAddress, optional: true }),
      },
      { optional: true },
    ),
    // The promises every page makes: the workmanship warranty and how soon the written quote follows the visit.
    warrantyYears: numeric({ min: 1, integer: true }),
    quoteWithinHours: numeric({ min: 1, integer: true }),
    // Shown in the trust strip only once the business has set them; nothing is shown in their place.
    // The licence also shows in the footer with a link to the state's lookup; the launch check warns while it is unset.
    licenseNumber: text({ optional: true }),
    insurance: text({ optional: true }),
    inBusinessSince: numeric({ min: 1900, max: 2100, integer: true, optional: true }),
    // The dates the owner sets when the privacy policy and the accessibility statement take effect: the
    // deploy build refuses to publish either page without one.
    privacyPolicyEffective: text({ ...PATTERNS.date, optional: true }),
    accessibilityStatementDate: text({ ...PATTERNS.date, optional: true }),
    // What happens at the free estimate visit (beside every estimate form). How long it takes and who comes are
    // the owner's to say: until set, nothing is said about them.
    visit: group("EstimateVisit", {
      checks: list(text({ hint: 'what is looked at, read after "We look at": the grade and the soil' }), 1),
      quoteIncludes: text({ hint: "what the written quote lists, like scope, slab thickness, mix and schedule" }),
      lengthMinutes: numeric({ min: 5, max: 480, integer: true, optional: true }),
      whoComes: text({ optional: true, maxLength: 80, hint: "who visits, like Our owner, who runs every crew" }),
      // The text a visitor's phone starts for them when they ask for the visit by text message.
      textMessage: text({ maxLength: 160, hint: "the start of the visitor's text message" }),
    }),
    // The warranty's terms as the owner writes them; /warranty shows each once set, and the launch check lists
    // the ones still missing. The years are warrantyYears.
    warranty: group(
      "WarrantyTerms",
      {
        covers: list(text(), 1, undefined, { optional: true }),
        excludes: list(text(), 1, undefined, { optional: true }),
        claim: paragraph({ optional: true }),
      },
      { optional: true },
    ),
    hours: list(
      group(
        "BusinessHours",
        { days: list(text(PATTERNS.weekday), 1), opens: text(PATTERNS.time), closes: text(PATTERNS.time) },
        { inList: true },
      ),
      1,
    ),
  }).typeError("must be a JSON object"),
  // Its preview is the home page.
  editor: {
    label: "Business facts",
    preview: true,
    labels: {
      checks: "What is looked at",
      quoteIncludes: "What the written quote lists",
      lengthMinutes: "How long the visit takes (minutes)",
      whoComes: "Who comes",
      textMessage: "Text message a visitor starts to book",
      covers: "What it covers",
      excludes: "What it does not cover",
      claim: "How to make a claim",
    },
    singulars: { hours: "openingHours" },
    hints: {
      rating:
        "Only a rating from real reviews, which the site then shows: give the value and the count, " +
        "or leave all three empty.",
      visit:
        "What happens at the free estimate visit, beside every form. Leave how long it takes and who comes empty " +
        "until you decide them: nothing is said about either until then.",
      warranty:
        "Your warranty's terms, shown on the warranty page. Until a term is written the page says only the years " +
        "and the workmanship, and the deploy build lists what is missing.",
    },
  },
}
