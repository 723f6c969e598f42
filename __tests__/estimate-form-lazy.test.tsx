import { act, fireEvent, render, screen } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
import { staticQueryData } from "./fixtures/site-data"
import { EstimateForm } from "../src/components/estimate-form"
import { EMAILJS_TEST_ENV } from "./support/emailjs"

// Module factories run when a module is first required, which shows when the engine is loaded.
const mockLoaded = jest.fn()
jest.mock("formik", () => {
  mockLoaded("formik")
  return jest.requireActual("formik")
})
jest.mock("yup", () => {
  mockLoaded("yup")
  return jest.requireActual("yup")
})
jest.mock("@emailjs/browser", () => {
  mockLoaded("@emailjs/browser")
  return { init: jest.fn(), send: jest.fn(() => Promise.resolve({ status: 200, text: "OK" })) }
})

beforeAll(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue({
    ...staticQueryData,
    businessJson: { name: "Wasatch Concrete Co.", phone: "(801) 555-0142" },
  })
  Object.assign(process.env, EMAILJS_TEST_ENV)
})

const preconnects = () => document.head.querySelectorAll('link[rel="preconnect"]')

// One test, in order: the module registry remembers what was loaded for the whole file.
it("loads Formik, yup and EmailJS on first interaction and handles what happened meanwhile", async () => {
  const { container } = render(<EstimateForm />)
  const name = screen.getByLabelText("Name") as HTMLInputElement
  const phone = screen.getByLabelText("Phone") as HTMLInputElement
  expect(mockLoaded).not.toHaveBeenCalled()
  expect(preconnects()).toHaveLength(0)

  // Focus, typing and a submit all land before the import() promise can settle.
  act(() => {
    fireEvent.focus(name)
    fireEvent.input(name, { target: { value: "Jane Doe" } })
    fireEvent.input(phone, { target: { value: "801-555-0100" } })
    fireEvent.submit(container.querySelector("form")!)
  })
  expect(mockLoaded).not.toHaveBeenCalled()
  expect(screen.getByRole("button", { name: "Submitting..." })).toBeDisabled()
  expect(preconnects()).toHaveLength(1)
  expect(preconnects()[0]).toHaveAttribute("href", "https://api.emailjs.com")
  expect(preconnects()[0]).toHaveAttribute("crossorigin", "anonymous")

  expect(await screen.findByText("Your estimate request has been sent! We'll contact you soon.")).toBeInTheDocument()
  expect(mockLoaded).toHaveBeenCalledWith("formik")
  expect(mockLoaded).toHaveBeenCalledWith("yup")
  expect(mockLoaded).toHaveBeenCalledWith("@emailjs/browser")
  const { send } = jest.requireMock<typeof import("@emailjs/browser")>("@emailjs/browser")
  expect(send).toHaveBeenCalledTimes(1)
  expect(send).toHaveBeenCalledWith(
    "service_estimates",
    "template_estimate",
    expect.objectContaining({ from_name: "Jane Doe", phone_number: "801-555-0100" }),
  )
  expect(name).toHaveValue("")

  // The same input elements are kept when the engine arrives, and the preconnect is not repeated.
  expect(screen.getByLabelText("Name")).toBe(name)
  fireEvent.focus(name)
  expect(preconnects()).toHaveLength(1)
})
