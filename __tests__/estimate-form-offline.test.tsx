import { act, fireEvent, render, screen } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { staticQueryData } from "./fixtures/site-data"
import { EstimateForm } from "../src/components/estimate-form"

// The interactive chunk cannot be fetched (offline, or a deploy replaced it): requiring it fails.
jest.mock("../src/hooks/use-estimate-form", () => {
  throw new Error("Loading chunk estimate-engine failed")
})

it("shows the error notice with the number to call when the form's code cannot load, and keeps the values", async () => {
  ;(useStaticQuery as jest.Mock).mockReturnValue({
    ...staticQueryData,
    businessJson: { name: "Wasatch Concrete Co.", phone: "(801) 555-0142", email: "estimates@example.com" },
  })
  const consoleError = jest.spyOn(console, "error").mockImplementation(() => {})
  const { container } = render(<EstimateForm />)
  const name = screen.getByLabelText("Name")

  // A focus alone says nothing to the visitor: they have not asked for anything yet.
  await act(async () => {
    fireEvent.focus(name)
  })
  expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining("chunk") }))
  expect(screen.getByRole("alert")).toBeEmptyDOMElement()

  fireEvent.input(name, { target: { value: "Jane Doe" } })
  await act(async () => {
    fireEvent.submit(container.querySelector("form")!)
  })
  expect(await screen.findByText("There was an error submitting your request. Please try again.")).toBeInTheDocument()
  expect(screen.getByRole("link", { name: "(801) 555-0142" })).toHaveAttribute("href", "tel:+18015550142")
  expect(screen.getByRole("button", { name: "Get My Free Estimate" })).toBeEnabled()
  expect(name).toHaveValue("Jane Doe")
  // Without a phone number there is no request to pass on by text or e-mail.
  expect(screen.queryByRole("link", { name: "text it to us" })).toBeNull()

  fireEvent.input(screen.getByLabelText("Phone"), { target: { value: "801-555-0100" } })
  await act(async () => {
    fireEvent.submit(container.querySelector("form")!)
  })
  const sms = await screen.findByRole("link", { name: "text it to us" })
  expect(decodeURIComponent(sms.getAttribute("href")!)).toMatch(
    /Estimate request [A-Z0-9]{6} from Jane Doe, phone 801-555-0100\./,
  )
  consoleError.mockRestore()
})
