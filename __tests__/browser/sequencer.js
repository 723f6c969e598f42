/*
 * The order in which jest starts the browser test files. They run two at a time on two cores, so the tier ends
 * soonest when the longest start first, the short ones fill in at the end, and no two files that take turns on a
 * fixed port run at once: the content manager's four (decap-server) and the estimate form's four (the local
 * inbox) are spread through the list. Every browser file is named (browser-order.test.ts holds that): on a
 * fresh clone Jest has no timings and would order the rest by size, so a long file left out would start last
 * and end the run alone. The order follows the files' times in the fresh-clone runs of docs/testing.md.
 */
const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default

const BROWSER_ORDER = [
  // The development server's start is the longest single wait of the tier (a cold development bundle).
  "develop",
  "cms-proof",
  "every-page",
  "keyboard",
  "cms-pages-photos",
  "phone-actions",
  "contrast",
  "estimate-form",
  "robustness",
  "lighthouse",
  "estimate-leads",
  "cms-live",
  "estimate-delivery",
  "cms",
  "owner-told",
  "behaviour",
  "sign-in",
  "navigation",
  "addresses",
  "security",
  // Last, as in every run before this order: started third, beside the axe and keyboard files, its page on the
  // host's runtime once did not hydrate within 30 s (1 run of 2).
  "estimate-inbox",
].map(name => `${name}.test.ts`)

const rank = test => {
  const index = test.path.includes(`${path.sep}browser${path.sep}`)
    ? BROWSER_ORDER.indexOf(path.basename(test.path))
    : -1
  return index === -1 ? BROWSER_ORDER.length : index
}

class BrowserOrder extends Sequencer {
  sort(tests) {
    // Array#sort is stable: the other files keep Jest's order.
    return super.sort(tests).sort((a, b) => rank(a) - rank(b))
  }
}

module.exports = BrowserOrder
module.exports.BROWSER_ORDER = BROWSER_ORDER
