/*
 * The owner's test send, in the Leads view: one request marked TEST through the EmailJS settings this build's
 * estimate form uses, from the owner's browser, and what EmailJS answered, in words (src/browser/estimate/test-send.ts).
 * Drawn only once the host has accepted the owner's sign-in, so the public site has no page that spends the quota.
 */
import { makeReference } from "../../lib/estimate/reference"
import { sendParams } from "../../browser/estimate/send"
import { explainTestSend, testParams } from "../../browser/estimate/test-send"
import { el, wrap } from "./dom"

export interface TestBusiness {
  name: string
  phone: string
  email: string
}

async function sendTest(business: TestBusiness, button: HTMLButtonElement, status: HTMLElement) {
  const ref = makeReference()
  button.disabled = true
  button.textContent = "Sending the test…"
  status.replaceChildren()
  let error: unknown = null
  try {
    await sendParams(testParams(business.name, business.phone, ref))
  } catch (caught) {
    // The section's purpose is to show this error in words; the console keeps the details.
    console.warn(caught)
    error = caught
  }
  const outcome = explainTestSend(error)
  const lines = [outcome.summary, outcome.advice]
  if (outcome.answer) lines.push(`EmailJS answered: ${outcome.answer}`)
  lines.push(`Test reference: ${ref}`)
  status.replaceChildren(...lines.map((line, index) => (index === 0 ? wrap("p", el("strong", line)) : el("p", line))))
  status.dataset.outcome = outcome.ok ? "sent" : "not-sent"
  button.disabled = false
  button.textContent = "Send a test estimate"
}

/** The section that sends a test estimate to `business`'s own inbox. */
export function testSendSection(business: TestBusiness): HTMLElement {
  const section = el("section", "", { "aria-labelledby": "test-send" })
  const button = el("button", "Send a test estimate", { type: "button" })
  const status = el("div", "", { role: "status", id: "test-send-outcome" })
  button.addEventListener("click", () => void sendTest(business, button, status))
  section.append(
    el("h2", "Send a test estimate", { id: "test-send" }),
    el(
      "p",
      `The button sends one estimate request marked TEST through the same EmailJS settings as the form on every page, from this browser, and shows what EmailJS answered. It should arrive at ${business.email} within a minute or two. Do this after every change to the EmailJS account, and whenever you have not had a request for a while. A test is not kept in the list above.`,
    ),
    button,
    status,
  )
  return section
}
