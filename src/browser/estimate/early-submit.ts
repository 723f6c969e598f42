import { messages, type VisibleField } from "../../lib/estimate/fields"

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
 * Until the form's engine has arrived, the browser checks the form itself: the server-rendered form has no
 * novalidate, so a press with a field empty or too short (required, minlength) is answered at once, on the
 * field, and nothing is sent or held. The same script gives the browser's message the form's own words
 * (`words`, by field name: "invalid" does not bubble, so it is caught on its way down) and takes them back as
 * the visitor types (a custom message would keep the field invalid). It also marks the form checked
 * (data-native-checked): from then on each field still empty or too short shows the same words under it and
 * loses them with the letter that mends it, as the engine's fields do after a press. The browser's own :invalid
 * does that in the form's styles (form-field.tsx), with no code. When the engine arrives it reads the mark (an
 * attempt was made: it shows its own words at once), and the form turns the browser's check off and the
 * engine's on (takeNativeChecks): the two never both speak.
 *
 * Until React has hydrated the form (it marks the form in the same commit with theme.ts's HYDRATED_ATTRIBUTE, the
 * word <html> carries once every part of the page is hydrated), the same script keeps a press, a key, focus moving
 * or a field's change on the form from React's listener: React would otherwise
 * hydrate the form, and the page's shell if it was not done, at once, in that event's task or the next (a press as
 * the code arrived waited 200–320 ms for it at 4x CPU). The browser answers such a press as it does before any code
 * runs, the typing stays in the inputs, which the form reads when it starts, and React hydrates the form in its
 * own slices (docs/performance.md). The events are React 18's that hydrate what they land on in their own task
 * (its discrete events that it replays) and focus, on which it hydrates that part next, before anything else. The
 * listener that takes the form's words back as the visitor types listens on the way down, so that it runs too.
 *
 * The function is serialised into the page with toString(), so it uses nothing from outside its body: the
 * attribute names are written out here and exported below for the component. Its code is the same on
 * every page, so the Content-Security-Policy allows it with one hash (src/build-time/deploy/finish-build.ts).
 */
export function holdEarlySubmits(document: Document, words: Record<string, string>) {
  const fieldOf = (target: EventTarget | null) =>
    target instanceof HTMLInputElement && target.form !== null && target.form.hasAttribute("data-hold-submit")
      ? target
      : null
  document.addEventListener(
    "invalid",
    event => {
      const field = fieldOf(event.target)
      if (!field) return
      if (Object.prototype.hasOwnProperty.call(words, field.name)) field.setCustomValidity(words[field.name])
      field.form?.setAttribute("data-native-checked", "")
    },
    true,
  )
  document.addEventListener(
    "input",
    event => {
      const field = fieldOf(event.target)
      if (field) field.setCustomValidity("")
    },
    true,
  )
  const forcingHydration =
    "pointerdown pointerup mousedown mouseup touchstart touchend click keydown keypress keyup input change focusin focusout"
  forcingHydration.split(" ").forEach(type =>
    document.addEventListener(
      type,
      event => {
        const target = event.target
        if (target instanceof Element && target.closest("form[data-hold-submit]:not([data-hydrated])"))
          event.stopPropagation()
      },
      true,
    ),
  )
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
/** On a form the browser has checked on a press before the engine came: its fields show their words. */
export const NATIVE_CHECKED_ATTRIBUTE = "data-native-checked"
/** Carries a field's words for the form's styles to show under it while the browser checks it (form-field.tsx). */
export const NATIVE_MESSAGE_ATTRIBUTE = "data-native-message"

export const EARLY_SUBMIT_SCRIPT_ID = "hold-early-submits"

/** What the browser says of an empty or too short field before the form's code runs: the form's own words. */
export const nativeCheckMessages: Record<VisibleField, string> = {
  name: messages.nameTooShort,
  phone: messages.phoneTooShort,
}

/** The inline script's code; the messages' JSON is kept from closing the script element. */
export const holdEarlySubmitsScript = (): string =>
  `(${holdEarlySubmits.toString()})(document,${JSON.stringify(nativeCheckMessages).replace(/</g, "\\u003c")})`

/** Takes the mark of a submit held before the form's code ran: true if there was one. */
export function takeHeldSubmit(form: HTMLFormElement | null): boolean {
  if (!form?.hasAttribute(HELD_ATTRIBUTE)) return false
  form.removeAttribute(HELD_ATTRIBUTE)
  return true
}

/** Whether the browser checked a press on the form before its engine came (the inline script's mark). */
export const nativeChecked = (form: HTMLFormElement | null): boolean =>
  Boolean(form?.hasAttribute(NATIVE_CHECKED_ATTRIBUTE))

/**
 * Hands the checking from the browser to the form's engine, once it has arrived (and has read nativeChecked): the
 * browser neither blocks a press nor shows its message from then on, and no message or mark the inline script
 * set is left.
 */
export function takeNativeChecks(form: HTMLFormElement | null) {
  if (!form) return
  form.noValidate = true
  form.removeAttribute(NATIVE_CHECKED_ATTRIBUTE)
  for (const input of Array.from(form.querySelectorAll("input"))) input.setCustomValidity("")
}
