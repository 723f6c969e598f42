import { render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import axe from "axe-core"
import { useStaticQuery } from "gatsby"
import { EstimateSection } from "../src/components/estimate-section"
import { business, staticQueryData } from "./fixtures/site-data"

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue(staticQueryData)
})

describe("EstimateSection", () => {
  it("is the #estimate landmark, named by its heading, with the quote's promise and the form", () => {
    render(<EstimateSection />)
    const section = screen.getByRole("region", { name: "Request Your Free Estimate" })
    expect(section).toHaveAttribute("id", "estimate")
    expect(within(section).getAllByRole("heading", { level: 2 })[0]).toHaveTextContent("Request Your Free Estimate")
    expect(section).toHaveTextContent(`written quote within ${business.quoteWithinHours} hours of the visit`)
    expect(within(section).getByLabelText("Name")).toBeInTheDocument()
    expect(within(section).getByRole("button", { name: "Get My Free Estimate" })).toBeInTheDocument()
  })

  it("takes a title, an intro and a heading level", () => {
    render(<EstimateSection title="Get a Quote" intro="We reply the same day." headingLevel={3} variant="card" />)
    expect(screen.getByRole("heading", { level: 3, name: "Get a Quote" })).toBeInTheDocument()
    expect(screen.getByRole("region", { name: "Get a Quote" })).toHaveTextContent("We reply the same day.")
  })

  // Contrast needs a real renderer (jsdom has no canvas); the browser tests and the theme's ratios cover it.
  const audit = async (container: HTMLElement) =>
    (await axe.run(container, { rules: { "color-contrast": { enabled: false } } })).violations

  it("has no axe violations, idle and with the field errors shown", async () => {
    const user = userEvent.setup()
    const { container } = render(<EstimateSection />)
    expect(await audit(container)).toEqual([])

    // The form's own messages come once its engine has (before it, the browser answers the press itself).
    await user.click(screen.getByLabelText("Name"))
    await waitFor(() => expect(container.querySelector("form")?.noValidate).toBe(true))
    await user.click(screen.getByRole("button", { name: "Get My Free Estimate" }))
    await screen.findByText("Name must be at least 2 characters")
    expect(await audit(container)).toEqual([])
  })
})
