/*
 * wrangler.jsonc, read as wrangler reads it (JSON with comments), for scripts/serve.mjs, which serves the site
 * with a copy of it, and for the tests that hold the Worker to it. A plain script, so both can require it.
 */
const fs = require("node:fs")
const path = require("node:path")

const CONFIG = path.resolve(__dirname, "../wrangler.jsonc")

/**
 * The text without its // and /* *\/ comments and trailing commas, which JSONC allows and JSON does not; the
 * same marks inside a string are the string's.
 */
function withoutComments(text) {
  let out = ""
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (char === '"') {
      const end = /"(?:[^"\\]|\\.)*"/y
      end.lastIndex = at
      const string = end.exec(text)[0]
      out += string
      at += string.length - 1
    } else if (text.startsWith("//", at)) at = text.indexOf("\n", at) - 1
    else if (text.startsWith("/*", at)) at = text.indexOf("*/", at) + 1
    else out += char
  }
  // No string of this file holds a comma before a closing bracket, so the commas left there are trailing ones.
  return out.replace(/,(\s*[}\]])/g, "$1")
}

/** The Worker's configuration as an object. */
const readWranglerConfig = (file = CONFIG) => JSON.parse(withoutComments(fs.readFileSync(file, "utf8")))

module.exports = { CONFIG, readWranglerConfig }
