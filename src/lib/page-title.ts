/**
 * A page's title in search results and the browser's tab: what the page says, then " | " and the business's
 * name. The whole stays within MAX_TITLE_LENGTH whatever the name's length: the page offers its words from
 * the longest to the shortest, and the first that fits beside the name is used; the name is cut only when it alone is longer than that.
 * Its length is counted as the page writes it, which is what html-validate counts: a name with "&" is longer there.
 */

/** The longest title html-validate accepts (its long-title rule), and about what search results show. */
export const MAX_TITLE_LENGTH = 70

/** What a page's title says, longest first: "Concrete Contractor in Sandy, UT", then "Concrete in Sandy, UT". */
export type TitleWords = string | readonly string[]

const SEPARATOR = " | "

// The characters React writes escaped in a title, and the length of what it writes ("&" is "&amp;").
const ESCAPED: Readonly<Record<string, number>> = { "&": 5, "<": 4, ">": 4, '"': 6, "'": 6 }

/** The length of text as the page's HTML holds it. */
export const writtenLength = (text: string): number => {
  let length = 0
  for (let index = 0; index < text.length; index += 1) length += ESCAPED[text[index]] ?? 1
  return length
}

/** Words cut at a word's end so that `length` characters hold them and an ellipsis. */
const cut = (words: string, length: number): string => {
  if (writtenLength(words) <= length) return words
  let kept = ""
  for (const word of words.split(/\s+/)) {
    const longer = kept ? `${kept} ${word}` : word
    if (writtenLength(longer) + 1 > length) break
    kept = longer
  }
  return kept ? `${kept}…` : ""
}

/** The page's title: its longest words that fit beside the business's name. */
export function pageTitle(words: TitleWords, name: string): string {
  const options = typeof words === "string" ? [words] : [...words]
  for (const option of options) {
    if (option.includes(name)) {
      if (writtenLength(option) <= MAX_TITLE_LENGTH) return option
      continue
    }
    const title = `${option}${SEPARATOR}${name}`
    if (writtenLength(title) <= MAX_TITLE_LENGTH) return title
  }
  // A name so long that not even the page's shortest words fit beside it: the shortest, cut at a word.
  const shortest = options[options.length - 1] ?? ""
  const room = MAX_TITLE_LENGTH - SEPARATOR.length - writtenLength(name)
  const kept = cut(shortest, room)
  return kept ? `${kept}${SEPARATOR}${name}` : cut(name, MAX_TITLE_LENGTH)
}
