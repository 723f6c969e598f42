/**
 * The inline code of a built HTML page that a Content-Security-Policy must allow: executable <script>
 * bodies, <style> bodies (those inside <noscript> too, which apply when JavaScript is off) and style=""
 * attribute values, each hashed the way browsers hash them.
 */
import { createHash } from "crypto"

export interface InlineCode {
  scripts: string[]
  styles: string[]
  styleAttributes: string[]
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi
const STYLE_ATTRIBUTE = /<[a-z][\w-]*\s[^>]*?\bstyle=(?:"([^"]*)"|'([^']*)')/gi
const TYPE_ATTRIBUTE = /\btype\s*=\s*["']?([^"'\s>]+)/i
// Script types that run; application/ld+json and other data blocks never execute, so CSP ignores them.
const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"])

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" }

/** Attribute values are hashed after the HTML parser decodes their character references. */
export const decodeAttribute = (value: string): string =>
  value.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (reference, hex, decimal, name) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16))
    if (decimal) return String.fromCodePoint(parseInt(decimal, 10))
    return ENTITIES[name.toLowerCase()] ?? reference
  })

export function inlineCode(html: string): InlineCode {
  const scripts = [...html.matchAll(SCRIPT)]
    .filter(([, attributes, body]) => {
      if (/\bsrc\s*=/i.test(attributes) || body === "") return false
      const type = TYPE_ATTRIBUTE.exec(attributes)?.[1].toLowerCase() ?? ""
      return EXECUTABLE_TYPES.has(type)
    })
    .map(([, , body]) => body)
  const styles = [...html.matchAll(STYLE)].map(([, body]) => body)
  const styleAttributes = [...html.matchAll(STYLE_ATTRIBUTE)].map(([, double, single]) =>
    decodeAttribute(double ?? single),
  )
  return { scripts, styles, styleAttributes }
}

/** A CSP hash source, e.g. 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' for "". */
export const cspHash = (code: string): string =>
  `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`
