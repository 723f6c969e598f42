/*
 * The _headers format that Netlify and Cloudflare Pages read: a path line (with * and :placeholder), then
 * indented "Name: value" lines; # starts a comment. Every rule whose path matches applies, and a header
 * repeated across rules is joined with a comma. Used by the checks of the built headers
 * (__tests__/site/headers.test.ts), which read the file; the browser tests see what Cloudflare Pages' own
 * runtime sends (scripts/serve.mjs).
 */

/** Parses a _headers file into [{ path, pattern, headers: [name, value][] }]. */
function parseHeadersFile(source) {
  const rules = []
  for (const line of source.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue
    if (!/^\s/.test(line)) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, ".*")
          .replace(/:\w+/g, "[^/]+")}$`,
      )
      rules.push({ path: line.trim(), pattern, headers: [] })
    } else if (rules.length > 0) {
      const index = line.indexOf(":")
      rules[rules.length - 1].headers.push([line.slice(0, index).trim(), line.slice(index + 1).trim()])
    }
  }
  return rules
}

/** The headers a host sends for a path, added to `initial`. */
function headersFor(rules, pathname, initial = {}) {
  const sent = { ...initial }
  for (const rule of rules)
    if (rule.pattern.test(pathname))
      for (const [name, value] of rule.headers) sent[name] = name in sent ? `${sent[name]}, ${value}` : value
  return sent
}

module.exports = { parseHeadersFile, headersFor }
