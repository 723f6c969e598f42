/**
 * The site's bundles load on the visitor's first action, so on a slow connection the estimate form can be filled
 * and submitted seconds before any of its code runs. Without help the browser would then POST the form
 * to the page's own address, which a static host answers with an error page, and the lead would be lost.
 *
 * holdEarlySubmits runs as a small inline script in every page's <head> (gatsby-ssr.tsx), before the
 * body is parsed. It listens for submit events at the document, which React's own listener on its root
 * element sees first once the page has hydrated: a submit that React has handled (and prevented) is left
 * alone, any other submit of a form marked data-hold-submit is prevented, and the form is marked
 * data-submit-held. When the form's component starts it takes the mark and sends the request, once. Should the
 * code not have taken the mark HOLD_LIMIT_MS later (blocked, failed, a very slow connection), the form goes as
 * the browser sends it without code: to its action, the site's inbox (worker/inbox/form-post.ts), which stores
 * the request and answers a page with its reference. A press is never held for code that may not come.
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
    setTimeout(() => {
      if (!form.hasAttribute("data-submit-held") || !form.getAttribute("action")) return
      form.removeAttribute("data-submit-held")
      // The prototype's submit: a field named "submit" would hide the form's own. It fires no submit event.
      HTMLFormElement.prototype.submit.call(form)
    }, 10_000)
  })
}

/** How long a held press waits for the form's code before the browser sends it without (written out above). */
export const HOLD_LIMIT_MS = 10_000

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
