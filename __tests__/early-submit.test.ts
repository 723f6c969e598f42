import {
  HOLD_LIMIT_MS,
  holdEarlySubmits,
  holdEarlySubmitsScript,
  takeHeldSubmit,
} from "../src/browser/estimate/early-submit"

const form = (marked: boolean) => {
  document.body.innerHTML = `<form ${marked ? "data-hold-submit" : ""} method="post" action="/api/requests/form"><input name="name"><button>Send</button></form>`
  return document.querySelector("form")!
}

const submit = (target: HTMLFormElement) => {
  const event = new Event("submit", { bubbles: true, cancelable: true })
  target.dispatchEvent(event)
  return event
}

// One listener for the whole file: the inline script runs once per page.
holdEarlySubmits(document)

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

  it("is self-contained code the page can run as it is", () => {
    const code = holdEarlySubmitsScript()
    expect(code).toMatch(/^\(.*\)\(document\)$/s)
    const listeners: EventListener[] = []
    const fakeDocument = { addEventListener: (_type: string, listener: EventListener) => listeners.push(listener) }
    new Function("document", code)(fakeDocument)
    expect(listeners).toHaveLength(1)
  })
})
