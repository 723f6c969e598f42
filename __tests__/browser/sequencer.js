/*
 * The order in which jest starts the browser test files. They run two at a time on two cores, so the tier ends
 * soonest when the two workers end together and no file waits for another that holds the same fixed port: the
 * content manager's four (decap-server). (The estimate form's five took turns on the EmailJS stand-in's port too
 * when the order was chosen; they now share one stand-in for the run, each in a session of its own.) Every
 * browser file is named (browser-order.test.ts holds that): on a fresh clone Jest has no timings and would order
 * the rest by size, so a long file left out would start last and end the run alone. The order was chosen by
 * simulating the two workers and the two ports on each file's seconds in a fresh-clone run (f7e8d31),
 * each time scaled at random by 0.75 to 1.3 in 40 trials, for the least mean of the tier's
 * end, the waits, and the seconds the estimate inbox's file shares with a heavy one (below): 471 s against 526 s
 * for the order before, which made two files wait 7 and 3 s for the stand-in in that run.
 */
const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default

const BROWSER_ORDER = [
  // The development server's cold start, with the owner's edits on it, is the longest file.
  "local-tools",
  "estimate-leads",
  "every-page",
  "estimate-form",
  "cms",
  "lighthouse",
  "navigation",
  "keyboard",
  "contrast",
  "behaviour",
  "owner-told",
  "cms-pages-photos",
  "estimate-delivery",
  "sign-in",
  "robustness",
  "cms-live",
  "addresses",
  "security",
  "phone-actions",
  // Last, beside no file that starts Decap or a build: started third, beside the axe and keyboard files, its page
  // on the host's runtime once did not hydrate within 30 s (1 run of 2).
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
