import { render, within } from "@testing-library/react"
import { FaqAccordion, STAGGER_SECONDS } from "../../src/components/faq-accordion"
import { faq } from "../fixtures/site-data"
import { withSiteData } from "../support/components"

withSiteData()

describe("FaqAccordion", () => {
  const setup = () => {
    const { container } = render(<FaqAccordion items={faq} />)
    return Array.from(container.querySelectorAll("details"))
  }

  it("renders each question as a native disclosure, its question a heading in the summary, closed", () => {
    const items = setup()
    expect(items).toHaveLength(faq.length)
    items.forEach((details, index) => {
      const summary = details.querySelector("summary") as HTMLElement
      expect(details.firstElementChild).toBe(summary)
      expect(within(summary).getByRole("heading", { level: 3 })).toHaveTextContent(faq[index].question)
      expect(details).toHaveTextContent(faq[index].answer)
      expect(details.open).toBe(false)
    })
  })

  it("names every item alike, so the browser keeps one answer open at a time", () => {
    const names = setup().map(details => details.getAttribute("name"))
    expect(names[0]).toBeTruthy()
    expect(new Set(names).size).toBe(1)
  })

  it("gives two lists on one page names of their own", () => {
    const { container } = render(
      <>
        <FaqAccordion items={faq} />
        <FaqAccordion items={faq} />
      </>,
    )
    const names = new Set(Array.from(container.querySelectorAll("details"), details => details.getAttribute("name")))
    expect(names.size).toBe(2)
  })

  it("delays each item's entrance 0.1 s more than the one before", () => {
    const items = setup()
    expect(STAGGER_SECONDS).toBe(0.1)
    items.forEach((details, index) => {
      const item = details.closest("li") as HTMLElement
      const delay = getComputedStyle(item).animationDelay
      expect(delay).toMatch(/^[\d.]+s$/)
      expect(parseFloat(delay)).toBeCloseTo(index * 0.1, 5)
    })
  })
})
