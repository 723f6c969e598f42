/**
 * A page's bytes as Gatsby wrote them, made whole. React 18's streaming renderer, which Gatsby writes every page
 * with, flushes its whole 2 KB buffer when a character of several UTF-8 bytes does not fit in what is left of
 * it, unwritten tail included: one to three NUL bytes land before that character (facebook/react#26228, fixed
 * in React 19 only). Which page gets them moves as the content changes. NUL is never a character of an HTML
 * page (the HTML standard calls it a parse error), so every one is removed here, where each page is first read;
 * what is left must then be valid UTF-8, or the build stops naming the page.
 */
import { TextDecoder } from "util"

const NUL = 0

const utf8 = new TextDecoder("utf-8", { fatal: true })

export class PageBytesError extends Error {
  constructor(file: string) {
    super(`src/build-time/deploy: public/${file} is not valid UTF-8 once React's NUL bytes are removed`)
    this.name = "PageBytesError"
  }
}

/** The page's text without NUL bytes; throws naming `file` when the bytes are not UTF-8. */
export function wholePage(bytes: Uint8Array, file: string): string {
  const kept = bytes.includes(NUL) ? bytes.filter(byte => byte !== NUL) : bytes
  try {
    return utf8.decode(kept)
  } catch {
    throw new PageBytesError(file)
  }
}
