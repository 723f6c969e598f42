/*
 * The order in which jest starts test files. The browser files run two at a time, so the run ends soonest
 * when the longest start first and the short ones fill in at the end; the files that take turns on a fixed
 * port (the estimate pair, the content manager pair) start apart. Jest's own order is the last run's
 * timings when its cache has them, and the files' sizes on a fresh clone, where accessibility.test.ts, short
 * but the longest to run, would start last. Files not named here keep Jest's order, after these.
 */
const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default

const LONGEST_FIRST = [
  "cms-proof",
  "accessibility",
  "lighthouse",
  "cms-pages-photos",
  "keyboard",
  "contrast",
  "estimate-form",
  "phone-actions",
  "estimate-delivery",
  "robustness",
  "cms",
  "cms-live",
  "sign-in",
].map(name => `${name}.test.ts`)

const rank = test => {
  const index = test.path.includes(`${path.sep}browser${path.sep}`)
    ? LONGEST_FIRST.indexOf(path.basename(test.path))
    : -1
  return index === -1 ? LONGEST_FIRST.length : index
}

class LongestFirst extends Sequencer {
  sort(tests) {
    // Array#sort is stable: files of equal rank keep Jest's order.
    return super.sort(tests).sort((a, b) => rank(a) - rank(b))
  }
}

module.exports = LongestFirst
