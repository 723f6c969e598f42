import { act } from "@testing-library/react"
import { useStaticQuery } from "gatsby"
// The Node build of the server renderer, as Gatsby's build uses: the browser build needs a TextEncoder jsdom lacks.
import { renderToString } from "react-dom/server.node"
import { hydrateRoot } from "react-dom/client"
import { staticQueryData } from "./fixtures/site-data"
import { EstimateForm } from "../src/components/estimate-form"
import { DRAFT_KEY } from "../src/browser/estimate/draft"
import { holdEarlySubmits, nativeChecked, nativeCheckMessages } from "../src/browser/estimate/early-submit"
import { messages } from "../src/lib/estimate/fields"
import { EMAILJS_TEST_ENV } from "./support/emailjs"

// Module factories run when a module is first required, which shows when the engine is loaded.
const mockLoaded = jest.fn()
jest.mock("formik", () => {
  mockLoaded("formik")
  return jest.requireActual("formik")
})

beforeAll(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue(staticQueryData)
  Object.assign(process.env, EMAILJS_TEST_ENV)
})

/** The form's server HTML in the page, as the visitor has it before the code loads. */
function serverRendered(): HTMLElement {
  const container = document.createElement("div")
  container.innerHTML = renderToString(<EstimateForm />)
  document.body.append(container)
  return container
}

// In order: the module registry remembers what was loaded for the whole file.
it("leaves the engine to the first touch when the form was not touched before its code", async () => {
  const container = serverRendered()
  await act(async () => {
    hydrateRoot(container, <EstimateForm />)
  })
  await act(() => new Promise(resolve => setTimeout(resolve, 0)))
  expect(mockLoaded).not.toHaveBeenCalled()
  // The browser checks a press until the engine has come.
  expect(container.querySelector("form")!.noValidate).toBe(false)
  container.remove()
})

// The page's code loads on the visitor's first action (src/build-time/deploy/on-first-action.ts): the touch and
// the typing that brought it happened on the server's HTML, before any handler of the form's existed.
it("loads the engine as it hydrates a form the visitor touched and typed in before its code, and keeps the typing", async () => {
  const container = serverRendered()
  const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
  name.focus()
  name.value = "Jorge Ruiz"
  expect(mockLoaded).not.toHaveBeenCalled()

  await act(async () => {
    hydrateRoot(container, <EstimateForm />)
  })
  await act(() => new Promise(resolve => setTimeout(resolve, 0)))
  expect(mockLoaded).toHaveBeenCalledWith("formik")
  // The engine has come: it checks a press from now, the browser no longer.
  expect(container.querySelector("form")!.noValidate).toBe(true)
  expect(name.value).toBe("Jorge Ruiz")
  expect(document.activeElement).toBe(name)
  expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}")).toMatchObject({ name: "Jorge Ruiz", phone: "" })
})

// A press the browser answered before the code (src/browser/estimate/early-submit.ts) counts as the first attempt:
// the engine shows its own words under the fields the browser showed words under, and the browser's mark goes.
it("shows the engine's words at once when the browser answered a press before the code came", async () => {
  const container = serverRendered()
  const form = container.querySelector("form")!
  const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
  holdEarlySubmits(document, nativeCheckMessages)
  name.value = "J"
  // The press's check: the phone is empty.
  expect(form.checkValidity()).toBe(false)
  expect(nativeChecked(form)).toBe(true)

  await act(async () => {
    hydrateRoot(container, <EstimateForm />)
  })
  await act(() => new Promise(resolve => setTimeout(resolve, 0)))
  const phone = container.querySelector<HTMLInputElement>('input[name="phone"]')!
  const describedBy = (input: HTMLInputElement) =>
    document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent
  expect(describedBy(name)).toBe(messages.nameTooShort)
  expect(describedBy(phone)).toBe(messages.phoneTooShort)
  expect(phone).toHaveAttribute("aria-invalid", "true")
  expect(form.noValidate).toBe(true)
  expect(nativeChecked(form)).toBe(false)
})
