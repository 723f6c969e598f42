/*
 * Issue 6: city pages must not be one template with the name swapped in. For every pair of the built
 * city pages, the Jaccard similarity of the sets of word 4-grams in their main content (no header,
 * footer, navigation or estimate form) is at most 0.20.
 */
import { cityList, cityRoute, readPage, textOf } from "../support/site"

const MAX_SIMILARITY = 0.2
const N = 4

/** The <main> element's text, leaving out navigation and the #estimate section with the form. */
function mainContent(route: string): string {
  const main = readPage(route).querySelector("main")
  if (!main) throw new Error(`${route} has no <main> element`)
  const copy = main.cloneNode(true) as Element
  copy.querySelectorAll("header, footer, nav, #estimate").forEach(element => element.remove())
  return textOf(copy)
}

function wordNgrams(text: string, n = N): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []
  const grams = new Set<string>()
  for (let index = 0; index + n <= words.length; index++) grams.add(words.slice(index, index + n).join(" "))
  return grams
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1
  let shared = 0
  for (const gram of a) if (b.has(gram)) shared++
  return shared / (a.size + b.size - shared)
}

test("4-gram Jaccard similarity measures shared phrasing", () => {
  const a = wordNgrams("Frost heave cracks thin slabs near the lake")
  expect(a.size).toBe(5)
  expect(jaccard(a, a)).toBe(1)
  expect(jaccard(a, wordNgrams("Steep bench lots call for terraced retaining walls"))).toBe(0)
  // 3 shared of 5 + 4 - 3 = 6 distinct 4-grams.
  expect(jaccard(a, wordNgrams("Frost heave cracks thin slabs near Ogden"))).toBeCloseTo(3 / 6)
})

describe("city pages", () => {
  const grams = new Map(cityList.map(city => [city.name, wordNgrams(mainContent(cityRoute(city)))]))

  test("each has substantial main content of its own", () => {
    expect(grams.size).toBe(cityList.length)
    const thin = [...grams].filter(([, set]) => set.size < 300).map(([name, set]) => `${name}: ${set.size}`)
    expect(thin).toEqual([])
  })

  test(`every pair shares at most ${MAX_SIMILARITY * 100}% of its word 4-grams`, () => {
    const names = [...grams.keys()]
    const pairs: { pair: string; similarity: number }[] = []
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++)
        pairs.push({
          pair: `${names[i]} / ${names[j]}`,
          similarity: jaccard(grams.get(names[i]) as Set<string>, grams.get(names[j]) as Set<string>),
        })
    expect(pairs).toHaveLength((cityList.length * (cityList.length - 1)) / 2)
    pairs.sort((a, b) => b.similarity - a.similarity)
    console.log(`Most similar city pages: ${pairs[0].pair}, Jaccard ${pairs[0].similarity.toFixed(3)}`)
    expect(pairs.filter(({ similarity }) => similarity > MAX_SIMILARITY)).toEqual([])
  })
})
