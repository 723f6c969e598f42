/**
 * @jest-environment node
 */
// Rendered as Gatsby's build does, with no window or document: the form shell must come out whole.
import { renderToStaticMarkup } from "react-dom/server"
import { useStaticQuery } from "gatsby"
import { EstimateSection } from "../src/components/estimate-section"
import { INBOX_FORM_PATH } from "../src/lib/estimate/inbox-contract"
import { limits } from "../src/lib/estimate/fields"
import { NATIVE_MESSAGE_ATTRIBUTE, nativeCheckMessages } from "../src/browser/estimate/early-submit"
import { business, fixturePhone, staticQueryData } from "./fixtures/site-data"

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue(staticQueryData)
})

it("renders the whole form on the server, sending itself to the inbox without JavaScript, and a number to call", () => {
  // Emotion's SSR puts <style> tags beside the elements; the markup is what is checked here.
  const html = renderToStaticMarkup(<EstimateSection />).replace(/<style[^>]*>.*?<\/style>/g, "")
  expect(html).toContain(`call ${business.name} at <a href="${fixturePhone.tel}"`)
  expect(html).toMatch(/<noscript><p>Without JavaScript the form still sends[^<]*call /)
  expect(html).toContain(`method="post" action="${INBOX_FORM_PATH}"`)
  expect(html).toContain(`>${business.phone}</a>`)
  expect(html).toMatch(/<section id="estimate" aria-labelledby="estimate-title"/)
  expect(html).toMatch(/<label for="(estimate-[\w-]+-name)"[^>]*>Name<\/label><input id="\1" name="name"/)
  expect(html).toMatch(/<label for="(estimate-[\w-]+-phone)"[^>]*>Phone<\/label><input id="\1" name="phone" type="tel"/)
  expect(html).toMatch(
    /<div aria-hidden="true"[^>]*><label [^>]*>Leave this empty<\/label><input [^>]*tabindex="-1" autoComplete="off"/,
  )
  expect(html).toContain(">Get My Free Estimate</button>")
  // Until its engine arrives, the browser checks each field itself: the form lets it (no novalidate).
  expect(html).not.toMatch(/novalidate/i)
  expect(html).toMatch(new RegExp(`<input [^>]*name="name"[^>]*minLength="${limits.nameMin}"[^>]*required=""`))
  expect(html).toMatch(new RegExp(`<input [^>]*name="phone"[^>]*minLength="${limits.phoneMin}"[^>]*required=""`))
  // ...and, once it has answered a press, shows the form's words under each field still wrong (the form's styles).
  for (const field of ["name", "phone"] as const)
    expect(html).toMatch(
      new RegExp(
        `<input [^>]*name="${field}"[^>]*aria-describedby="([\\w-]+)"[^>]*/><p id="\\1"[^>]*${NATIVE_MESSAGE_ATTRIBUTE}="${nativeCheckMessages[field]}"[^>]*></p>`,
      ),
    )
  expect(html).toContain('role="status"')
  expect(html).toContain('role="alert"')
})
