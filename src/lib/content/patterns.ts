/*
 * The patterns the content's text follows (slugs, phone, e-mail, dates, photos …), each with the hint its
 * message gives: the build's check and the content manager's field both say the same words.
 */
export const PATTERNS = {
  slug: { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, hint: "lower-case words joined by hyphens, like west-valley-city" },
  phone: { pattern: /^\(\d{3}\) \d{3}-\d{4}$/, hint: "a number written like (801) 555-0142" },
  email: { pattern: /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, hint: "an address like estimates@example.com" },
  siteUrl: {
    pattern: /^https?:\/\/[a-z0-9.-]+(?::\d+)?$/i,
    hint: "an address like https://www.example.com, without a trailing slash",
  },
  webAddress: { pattern: /^https:\/\/[^\s]+$/, hint: "the https:// address where the reviews are read" },
  time: { pattern: /^(?:[01]\d|2[0-3]):[0-5]\d$/, hint: "a 24-hour time like 07:00" },
  image: {
    pattern: /^[a-z0-9-]+\.(?:png|jpe?g|webp|avif)$/,
    hint: "a file name in src/images, like service-driveways.png",
  },
  date: { pattern: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, hint: "a date written like 2026-12-01" },
  month: { pattern: /^\d{4}-(?:0[1-9]|1[0-2])$/, hint: "a month written like 2026-09" },
  priceUnit: { pattern: /^(?:square foot|linear foot|job)$/, hint: "square foot, linear foot or job" },
  // What the content manager writes when a photo is uploaded (photo-upload.ts names it); the build reads and
  // resizes it there.
  photo: {
    pattern: /^projects\/[a-z0-9]+(?:-[a-z0-9]+)*\.(?:jpe?g|png|webp|avif)$/,
    hint:
      "a JPEG, PNG, WebP or AVIF photo in src/images/projects/, named in lower-case words joined by hyphens, " +
      "like projects/patio-after.jpg",
  },
  reviewSource: {
    pattern: /^(?:Google|Facebook|Yelp|Nextdoor|Directly to us)$/,
    hint: "Google, Facebook, Yelp, Nextdoor or Directly to us",
  },
  weekday: {
    pattern: /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/,
    hint: "a day name such as Monday",
  },
}
