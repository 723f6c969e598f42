import { holdEarlySubmits, holdEarlySubmitsScript, takeHeldSubmit } from "../src/lib/estimate/early-submit"

const form = (marked: boolean) => {
  document.body.innerHTML = `<form ${marked ? "data-hold-submit" : ""} method="post"><input name="name"><button>Send</button></form>`
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
