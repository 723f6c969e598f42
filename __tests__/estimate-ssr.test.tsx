/**
 * @jest-environment node
 */
// Rendered as Gatsby's build does, with no window or document: the form shell must come out whole.
import { renderToStaticMarkup } from "react-dom/server"
import { useStaticQuery } from "gatsby"
import { EstimateSection } from "../src/components/estimate-section"
import { business, fixturePhone, staticQueryData } from "./fixtures/site-data"

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue(staticQueryData)
})

it("renders the whole form on the server, and a number to call without JavaScript", () => {
  // Emotion's SSR puts <style> tags beside the elements; the markup is what is checked here.
  const html = renderToStaticMarkup(<EstimateSection />).replace(/<style[^>]*>.*?<\/style>/g, "")
  expect(html).toContain(`Call ${business.name} at <a href="${fixturePhone.tel}"`)
  expect(html).toMatch(/<noscript><p>[^<]*Call /)
  expect(html).toContain(`>${business.phone}</a>`)
  expect(html).toMatch(/<section id="estimate" aria-labelledby="estimate-title"/)
  expect(html).toMatch(/<label for="(estimate-[\w-]+-name)"[^>]*>Name<\/label><input id="\1" name="name"/)
  expect(html).toMatch(/<label for="(estimate-[\w-]+-phone)"[^>]*>Phone<\/label><input id="\1" name="phone" type="tel"/)
  expect(html).toMatch(
    /<div aria-hidden="true"[^>]*><label [^>]*>Leave this empty<\/label><input [^>]*tabindex="-1" autoComplete="off"/,
  )
  expect(html).toContain(">Get My Free Estimate</button>")
  expect(html).toContain('role="status"')
  expect(html).toContain('role="alert"')
})
