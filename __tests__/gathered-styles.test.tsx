import { CacheProvider, css } from "@emotion/react"
import { render } from "@testing-library/react"
import {
  cacheForGatheredStyles,
  createSiteCache,
  GATHERED_ATTRIBUTE,
  hasGatheredGlobalStyles,
} from "../src/lib/gathered-styles"

const known = css`
  color: rgb(1, 2, 3);
`
const unknown = css`
  color: rgb(4, 5, 6);
`

function gather(attribute: string, cssText: string) {
  const block = document.createElement("style")
  block.setAttribute(GATHERED_ATTRIBUTE, attribute)
  block.textContent = cssText
  document.head.append(block)
  return block
}

afterEach(() => {
  document.head.innerHTML = ""
})

describe("the Emotion cache for gathered styles", () => {
  it("is not made for a page without gathered styles, as in gatsby develop", () => {
    expect(cacheForGatheredStyles(document)).toBeNull()
    expect(hasGatheredGlobalStyles(document)).toBe(false)
  })

  it("knows the ids of the component blocks, not of the global ones", () => {
    gather("css-global g1", "body{margin:0}")
    gather(`css a1 ${known.name} b2`, `.css-${known.name}{color:rgb(1,2,3)}`)
    const cache = cacheForGatheredStyles(document)
    expect(cache?.key).toBe("css")
    expect(cache?.inserted).toEqual({ a1: true, [known.name]: true, b2: true })
    expect(hasGatheredGlobalStyles(document)).toBe(true)
  })

  it("inserts no sheet for a style the page carries, moves no block, and still inserts a new style", () => {
    const global = gather("css-global g1", "body{margin:0}")
    const components = gather(`css ${known.name}`, `.css-${known.name}{color:rgb(1,2,3)}`)
    const cache = cacheForGatheredStyles(document)!
    const { rerender } = render(
      <CacheProvider value={cache}>
        <p css={known}>Known</p>
      </CacheProvider>,
    )
    expect(document.head.querySelectorAll("style")).toHaveLength(2)
    expect(Array.from(document.head.children)).toEqual([global, components])

    rerender(
      <CacheProvider value={cache}>
        <p css={unknown}>Unknown</p>
      </CacheProvider>,
    )
    const inserted = document.head.querySelectorAll("style[data-emotion]")
    expect(inserted).toHaveLength(1)
    expect(inserted[0].getAttribute("data-emotion")).toBe("css")
    expect(document.head.firstElementChild).toBe(global)
  })

  it("writes the site's styles without vendor prefixes", () => {
    const flexible = css`
      display: flex;
      align-items: center;
      transform: rotate(1deg);
    `
    const cache = createSiteCache()
    const rules: string[] = []
    cache.sheet.insert = rule => rules.push(rule)
    render(
      <CacheProvider value={cache}>
        <p css={flexible}>Flexible</p>
      </CacheProvider>,
    )
    const written = rules.join("")
    expect(written).toContain("display:flex;align-items:center;transform:rotate(1deg);")
    expect(written).not.toMatch(/-(webkit|moz|ms)-/)
  })
})
