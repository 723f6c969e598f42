import { act } from "@testing-library/react"
import { startTransition } from "react"
import { useStaticQuery } from "gatsby"
// The Node build of the server renderer, as Gatsby's build uses: the browser build needs a TextEncoder jsdom lacks.
import { renderToString } from "react-dom/server.node"
import { hydrateRoot } from "react-dom/client"
import { staticQueryData } from "./fixtures/site-data"
import { EstimateForm } from "../src/components/estimate-form"
import { HydratesAlone } from "../src/components/hydrates-alone"
import { DRAFT_KEY } from "../src/browser/estimate/draft"
import { holdEarlySubmits, nativeChecked, nativeCheckMessages } from "../src/browser/estimate/early-submit"
import { messages } from "../src/lib/estimate/fields"
import { HYDRATED_ATTRIBUTE } from "../src/styles/theme"
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
  // The mark that lets presses, keys and focus on the form reach React (early-submit.ts) comes with React alone.
  expect(container.querySelector("form")).not.toHaveAttribute(HYDRATED_ATTRIBUTE)
  await act(async () => {
    hydrateRoot(container, <EstimateForm />)
  })
  await act(() => new Promise(resolve => setTimeout(resolve, 0)))
  expect(mockLoaded).not.toHaveBeenCalled()
  expect(container.querySelector("form")).toHaveAttribute(HYDRATED_ATTRIBUTE, "")
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

// A press on the button alone, the fields untouched, while React had not yet hydrated the form: the inline script
// kept it from React, so only the browser's mark tells the form that a visitor tried to send.
it("brings the engine as it hydrates a form whose empty press the browser answered, and shows its words", async () => {
  // No draft from the tests before: it would count as typing.
  sessionStorage.removeItem(DRAFT_KEY)
  const container = serverRendered()
  const form = container.querySelector("form")!
  expect(form.checkValidity()).toBe(false)
  expect(form.contains(document.activeElement)).toBe(false)

  await act(async () => {
    hydrateRoot(container, <EstimateForm />)
  })
  await act(() => new Promise(resolve => setTimeout(resolve, 0)))
  expect(form.noValidate).toBe(true)
  const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
  expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(messages.nameTooShort)
})

// React hydrates what an event lands on at once, in that event's own task: at 4x CPU a press made as the code
// arrived waited 200–320 ms for it. The inline script keeps presses, focus and keys on the form from React until
// React has hydrated it, which it then does in its own time, started as the site starts it (in a transition,
// gatsby-browser.tsx).
it("leaves a letter and a press made while React starts to the browser, and React hydrates the form after", async () => {
  sessionStorage.removeItem(DRAFT_KEY)
  const part = (
    <HydratesAlone>
      <EstimateForm />
    </HydratesAlone>
  )
  const container = document.createElement("div")
  container.innerHTML = renderToString(part)
  document.body.append(container)
  const form = container.querySelector("form")!
  const name = container.querySelector<HTMLInputElement>('input[name="name"]')!
  const button = container.querySelector("button[type=submit]")!
  // As the page has it: installed before React, which listens on its root from hydrateRoot on.
  holdEarlySubmits(document, nativeCheckMessages)

  startTransition(() => {
    hydrateRoot(container, part)
  })
  name.value = "J"
  for (const type of ["focusin", "keydown", "input"]) name.dispatchEvent(new Event(type, { bubbles: true }))
  for (const type of ["pointerdown", "mousedown", "click"]) button.dispatchEvent(new Event(type, { bubbles: true }))
  // React saw none of them: it did not hydrate the form in their tasks.
  expect(form).not.toHaveAttribute(HYDRATED_ATTRIBUTE)

  await act(() => new Promise(resolve => setTimeout(resolve, 50)))
  expect(form).toHaveAttribute(HYDRATED_ATTRIBUTE, "")
  expect(name.value).toBe("J")
  // It read the letter as it started: the engine came, and the draft has it.
  expect(form.noValidate).toBe(true)
  expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}")).toMatchObject({ name: "J" })
})
