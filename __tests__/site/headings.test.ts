/*
 * The heading outline of every built page and the 404 page, as a screen reader's heading list shows it:
 * the page's one h1 comes first, and no heading skips a level below the one before it.
 */
import { readPage, routes, textOf } from "../support/site"

interface Heading {
  level: number
  text: string
}

const outline = (document: Document): Heading[] =>
  Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6"), heading => ({
    level: Number(heading.tagName.slice(1)),
    text: textOf(heading),
  }))

/** Each heading that is more than one level deeper than the heading before it. */
const skips = (headings: Heading[]) =>
  headings.flatMap((heading, index) => {
    const previous = headings[index - 1]
    return previous && heading.level > previous.level + 1
      ? [`h${previous.level} "${previous.text}" → h${heading.level} "${heading.text}"`]
      : []
  })

test.each([...routes, "/404"])("%s opens its outline with its one h1 and skips no level", route => {
  const headings = outline(readPage(route))
  expect(headings.filter(({ level }) => level === 1)).toHaveLength(1)
  expect(headings[0].level).toBe(1)
  expect(headings.filter(({ text }) => text === "").map(({ level }) => `empty h${level}`)).toEqual([])
  expect(skips(headings)).toEqual([])
})
