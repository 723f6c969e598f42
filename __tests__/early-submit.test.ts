import {
  HOLD_LIMIT_MS,
  holdEarlySubmits,
  holdEarlySubmitsScript,
  NATIVE_CHECKED_ATTRIBUTE,
  nativeChecked,
  nativeCheckMessages,
  takeHeldSubmit,
  takeNativeChecks,
} from "../src/browser/estimate/early-submit"
import { limits } from "../src/lib/estimate/fields"
import { HYDRATED_ATTRIBUTE } from "../src/styles/theme"

const form = (marked: boolean) => {
  document.body.innerHTML = `<form ${marked ? "data-hold-submit" : ""} method="post" action="/api/requests/form"><input name="name" required minlength="${limits.nameMin}"><input name="phone" required minlength="${limits.phoneMin}"><button>Send</button></form>`
  return document.querySelector("form")!
}

const submit = (target: HTMLFormElement) => {
  const event = new Event("submit", { bubbles: true, cancelable: true })
  target.dispatchEvent(event)
  return event
}

// One listener for the whole file: the inline script runs once per page.
holdEarlySubmits(document, nativeCheckMessages)

/** Presses, focus and keys, on which React would hydrate the form at once if it saw them (early-submit.ts). */
const FORCING_HYDRATION = ["pointerdown", "touchstart", "mousedown", "focusin", "click", "keydown", "input", "change"]

describe("the inline script that holds a submit made before the form's code runs", () => {
  it("prevents the browser's submit of a marked form and marks it held, once taken", () => {
    const held = form(true)
    expect(submit(held).defaultPrevented).toBe(true)
    expect(held.hasAttribute("data-submit-held")).toBe(true)
    expect(takeHeldSubmit(held)).toBe(true)
    expect(takeHeldSubmit(held)).toBe(false)
  })

  it("sends a held press the browser's own way if the form's code has not taken it in time, and only then", () => {
    jest.useFakeTimers()
    const sent = jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {})
    try {
      const taken = form(true)
      submit(taken)
      jest.advanceTimersByTime(HOLD_LIMIT_MS / 2)
      expect(takeHeldSubmit(taken)).toBe(true)
      jest.advanceTimersByTime(HOLD_LIMIT_MS)
      expect(sent).not.toHaveBeenCalled()

      const waiting = form(true)
      submit(waiting)
      jest.advanceTimersByTime(HOLD_LIMIT_MS - 1)
      expect(sent).not.toHaveBeenCalled()
      jest.advanceTimersByTime(1)
      expect(sent).toHaveBeenCalledTimes(1)
      expect(sent.mock.contexts[0]).toBe(waiting)
      expect(waiting.hasAttribute("data-submit-held")).toBe(false)
    } finally {
      sent.mockRestore()
      jest.useRealTimers()
    }
  })

  it("leaves alone a submit that the form's own code has handled", () => {
    const handled = form(true)
    handled.addEventListener("submit", event => event.preventDefault())
    submit(handled)
    expect(handled.hasAttribute("data-submit-held")).toBe(false)
  })

  it("leaves other forms alone", () => {
    const other = form(false)
    expect(submit(other).defaultPrevented).toBe(false)
    expect(other.hasAttribute("data-submit-held")).toBe(false)
  })

  it("is self-contained code the page can run as it is, with the form's words", () => {
    const code = holdEarlySubmitsScript()
    expect(code).toMatch(/^\(.*\)\(document,\{.*\}\)$/s)
    const listeners: string[] = []
    const fakeDocument = { addEventListener: (type: string) => listeners.push(type) }
    new Function("document", code)(fakeDocument)
    expect(new Set(listeners)).toEqual(
      new Set([
        "invalid",
        "submit",
        ...FORCING_HYDRATION,
        "pointerup",
        "mouseup",
        "touchend",
        "keypress",
        "keyup",
        "focusout",
      ]),
    )
    for (const words of Object.values(nativeCheckMessages)) expect(code).toContain(JSON.stringify(words))
  })
})

describe("a press or a key on the form before React has hydrated it", () => {
  /** The event types that reached a listener on the page's root (where React listens) from the form's button. */
  const reachingRoot = (target: HTMLFormElement) => {
    const reached: string[] = []
    const note = (event: Event) => reached.push(event.type)
    FORCING_HYDRATION.forEach(type => document.body.addEventListener(type, note, true))
    try {
      for (const type of FORCING_HYDRATION)
        target.querySelector("button")!.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }))
    } finally {
      FORCING_HYDRATION.forEach(type => document.body.removeEventListener(type, note, true))
    }
    return reached
  }

  it("is kept from React's listener until React marks the form hydrated, and reaches it from then on", () => {
    const marked = form(true)
    expect(reachingRoot(marked)).toEqual([])
    marked.setAttribute(HYDRATED_ATTRIBUTE, "")
    expect(reachingRoot(marked)).toEqual(FORCING_HYDRATION)
  })

  it("goes on its way on other forms", () => {
    expect(reachingRoot(form(false))).toEqual(FORCING_HYDRATION)
  })

  it("still does what it does without code: a letter typed takes the browser's words back", () => {
    const marked = form(true)
    const name = marked.querySelector("input")!
    marked.checkValidity()
    expect(name.validity.customError).toBe(true)
    name.value = "Jo"
    name.dispatchEvent(new Event("input", { bubbles: true }))
    expect(name.validity.valid).toBe(true)
  })
})

describe("the browser's own check, until the form's engine takes it", () => {
  const typeInto = (input: HTMLInputElement, value: string) => {
    input.value = value
    input.dispatchEvent(new Event("input", { bubbles: true }))
  }

  it("answers an empty field of a marked form in the form's words, and takes them back as the visitor types", () => {
    const checked = form(true)
    const [name, phone] = Array.from(checked.querySelectorAll("input"))
    expect(checked.checkValidity()).toBe(false)
    expect(name.validationMessage).toBe(nativeCheckMessages.name)
    expect(phone.validationMessage).toBe(nativeCheckMessages.phone)

    typeInto(name, "Jo")
    expect(name.validity.valid).toBe(true)
    expect(phone.validity.customError).toBe(true)
    typeInto(phone, "801 555 0142")
    expect(checked.checkValidity()).toBe(true)
  })

  it("marks a form it has answered, so its fields show their words under them until mended", () => {
    const checked = form(true)
    expect(nativeChecked(checked)).toBe(false)
    typeInto(checked.querySelector("input")!, "Jo")
    typeInto(checked.querySelectorAll("input")[1], "801 555 0142")
    expect(checked.checkValidity()).toBe(true)
    expect(nativeChecked(checked)).toBe(false)
    typeInto(checked.querySelectorAll("input")[1], "")
    expect(checked.checkValidity()).toBe(false)
    expect(nativeChecked(checked)).toBe(true)
    expect(checked.getAttribute(NATIVE_CHECKED_ATTRIBUTE)).toBe("")
  })

  it("leaves the browser's own words on other forms", () => {
    const other = form(false)
    const [name] = Array.from(other.querySelectorAll("input"))
    expect(name.checkValidity()).toBe(false)
    expect(name.validity.customError).toBe(false)
    expect(name.validationMessage).not.toBe(nativeCheckMessages.name)
    expect(nativeChecked(other)).toBe(false)
  })

  it("is turned off when the form's engine arrives: no press is blocked and no word or mark is left", () => {
    const checked = form(true)
    checked.checkValidity()
    expect(nativeChecked(checked)).toBe(true)
    takeNativeChecks(checked)
    expect(checked.noValidate).toBe(true)
    expect(nativeChecked(checked)).toBe(false)
    for (const input of Array.from(checked.querySelectorAll("input"))) expect(input.validity.customError).toBe(false)
  })
})
