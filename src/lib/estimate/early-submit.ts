/**
 * The site's bundles load after the first paint, so on a slow connection the estimate form can be filled
 * and submitted seconds before any of its code runs. Without help the browser would then POST the form
 * to the page's own address, which a static host answers with an error page, and the lead would be lost.
 *
 * holdEarlySubmits runs as a small inline script in every page's <head> (gatsby-ssr.tsx), before the
 * body is parsed. It listens for submit events at the document, which React's own listener on its root
 * element sees first once the page has hydrated: a submit that React has handled (and prevented) is left
 * alone, any other submit of a form marked data-hold-submit is prevented, and the form is marked
 * data-submit-held. When the form's component starts it takes the mark and sends the request, once.
 *
 * The function is serialised into the page with toString(), so it uses nothing from outside its body: the
 * attribute names are written out here and exported below for the component. Its code is the same on
 * every page, so the Content-Security-Policy allows it with one hash (src/build-time/deploy/finish-build.ts).
 */
export function holdEarlySubmits(document: Document) {
  document.addEventListener("submit", event => {
    const form = event.target
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-hold-submit")) return
    event.preventDefault()
    form.setAttribute("data-submit-held", "")
  })
}

export const HOLD_ATTRIBUTE = "data-hold-submit"
export const HELD_ATTRIBUTE = "data-submit-held"

export const EARLY_SUBMIT_SCRIPT_ID = "hold-early-submits"

/** The inline script's code. */
export const holdEarlySubmitsScript = (): string => `(${holdEarlySubmits.toString()})(document)`

/** Takes the mark of a submit held before the form's code ran: true if there was one. */
export function takeHeldSubmit(form: HTMLFormElement | null): boolean {
  if (!form?.hasAttribute(HELD_ATTRIBUTE)) return false
  form.removeAttribute(HELD_ATTRIBUTE)
  return true
}
