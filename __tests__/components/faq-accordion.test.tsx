import { fireEvent, render, screen } from "@testing-library/react"
import { FaqAccordion, STAGGER_SECONDS } from "../../src/components/faq-accordion"
import { faq } from "../fixtures/site-data"
import { withSiteData } from "../support/components"

withSiteData()

describe("FaqAccordion", () => {
  const setup = () => {
    render(<FaqAccordion items={faq} />)
    return screen.getAllByRole("button")
  }

  it("renders each question as a button controlling its answer", () => {
    const buttons = setup()
    expect(buttons).toHaveLength(faq.length)
    buttons.forEach((button, index) => {
      expect(button).toHaveTextContent(faq[index].question)
      expect(button).toHaveAttribute("aria-expanded", "false")
      const panel = document.getElementById(button.getAttribute("aria-controls") as string) as HTMLElement
      expect(panel).toHaveTextContent(faq[index].answer)
      expect(panel).not.toBeVisible()
    })
    const ids = buttons.map(button => button.getAttribute("aria-controls"))
    expect(new Set(ids).size).toBe(faq.length)
  })

  it("opens one item at a time", () => {
    const buttons = setup()
    fireEvent.click(buttons[0])
    expect(buttons[0]).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByRole("region", { name: faq[0].question })).toHaveTextContent(faq[0].answer)
    fireEvent.click(buttons[2])
    expect(buttons[2]).toHaveAttribute("aria-expanded", "true")
    expect(buttons[0]).toHaveAttribute("aria-expanded", "false")
    expect(screen.getAllByRole("region")).toHaveLength(1)
  })

  it("closes the open item when it is clicked again", () => {
    const buttons = setup()
    fireEvent.click(buttons[3])
    fireEvent.click(buttons[3])
    expect(buttons[3]).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryAllByRole("region")).toHaveLength(0)
  })

  it("delays each item's entrance 0.1 s more than the one before", () => {
    const buttons = setup()
    expect(STAGGER_SECONDS).toBe(0.1)
    buttons.forEach((button, index) => {
      const item = button.closest("li") as HTMLElement
      const delay = getComputedStyle(item).animationDelay
      expect(delay).toMatch(/^[\d.]+s$/)
      expect(parseFloat(delay)).toBeCloseTo(index * 0.1, 5)
    })
  })
})
