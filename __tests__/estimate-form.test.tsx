import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useStaticQuery } from "gatsby"
import { init, send } from "@emailjs/browser"
import { consentLine, EstimateForm } from "../src/components/estimate-form"
import { paths } from "../src/lib/paths"
import { staticQueryData } from "./fixtures/site-data"
import { HUMAN_AFTER_MS } from "../src/lib/estimate/honeypot"
import { POSSIBLE_SPAM } from "../src/lib/estimate/lead-message"
import { OUTBOX_KEY, resetOutboxForTests } from "../src/browser/estimate/outbox"
import { EMAILJS_TEST_ENV } from "./support/emailjs"

jest.mock("@emailjs/browser", () => ({ init: jest.fn(), send: jest.fn() }))

const business = { name: "Wasatch Concrete Co.", phone: "(801) 555-0142", email: "estimates@example.com" }
const env = { ...EMAILJS_TEST_ENV, GATSBY_EMAILJS_ORIGIN: "http://127.0.0.1:8788" }
const sendMock = send as jest.MockedFunction<typeof send>
const ok = { status: 200, text: "OK" }
const successText = "Your estimate request has been sent! We'll contact you soon."
const errorText = "There was an error submitting your request. Please try again."

type Gtag = jest.Mock
const win = window as Window & { gtag?: Gtag }

const deferred = () => {
  let resolve!: (value: typeof ok) => void
  const promise = new Promise<typeof ok>(done => (resolve = done))
  return { promise, resolve }
}

const nameInput = () => screen.getByLabelText("Name") as HTMLInputElement
const phoneInput = () => screen.getByLabelText("Phone") as HTMLInputElement
const submitButton = () => screen.getByRole("button", { name: /get my free estimate|submitting/i })

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, name = "Jane Doe", phone = "801-555-0100") {
  await user.type(nameInput(), name)
  await user.type(phoneInput(), phone)
  await user.click(submitButton())
}

/** Renders the form and sends Jane Doe's request with it; returns the user, to go on with. */
async function renderAndSubmit() {
  const user = userEvent.setup()
  render(<EstimateForm />)
  await fillAndSubmit(user)
  return user
}

let consoleError: jest.SpyInstance

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue({ ...staticQueryData, businessJson: business })
  Object.assign(process.env, env)
  delete process.env.GATSBY_GOOGLE_ADS_CONVERSION
  sendMock.mockReset().mockResolvedValue(ok)
  ;(init as jest.Mock).mockReset()
  sessionStorage.clear()
  localStorage.clear()
  resetOutboxForTests()
  document.title = "Concrete Driveways | Wasatch Concrete Co."
  delete win.gtag
  consoleError = jest.spyOn(console, "error").mockImplementation(() => {})
  jest.spyOn(console, "warn").mockImplementation(() => {})
})

afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
  for (const key of Object.keys(env)) delete process.env[key]
})

describe("EstimateForm", () => {
  it("reads the consent line with the button, and links it to the privacy policy", () => {
    render(<EstimateForm />)
    const button = screen.getByRole("button", { name: "Get My Free Estimate" })
    expect(button).toHaveAccessibleDescription(`${consentLine(business.name)} Privacy policy`)
    expect(consentLine(business.name)).toMatch(/call or text this number/)
    expect(consentLine(business.name)).toMatch(/not a condition of buying/)
    expect(screen.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", paths.privacy)
  })

  it("renders labelled, empty, capped inputs and a hidden honeypot", () => {
    const { container } = render(<EstimateForm />)
    expect(nameInput()).toHaveValue("")
    expect(nameInput()).toHaveAttribute("autocomplete", "name")
    expect(nameInput()).toHaveAttribute("maxlength", "100")
    expect(phoneInput()).toHaveValue("")
    expect(phoneInput()).toHaveAttribute("type", "tel")
    expect(phoneInput()).toHaveAttribute("autocomplete", "tel")
    expect(phoneInput()).toHaveAttribute("maxlength", "30")
    expect(submitButton()).toHaveTextContent("Get My Free Estimate")
    expect(screen.getByRole("status")).toBeEmptyDOMElement()
    expect(screen.getByRole("alert")).toBeEmptyDOMElement()

    const honeypot = container.querySelector<HTMLInputElement>('input[name="extraInfo"]')!
    expect(honeypot).toHaveAttribute("tabindex", "-1")
    expect(honeypot).toHaveAttribute("autocomplete", "off")
    expect(honeypot).toHaveAttribute("data-1p-ignore")
    expect(honeypot).toHaveAttribute("data-lpignore", "true")
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.queryByRole("textbox", { name: "Leave this empty" })).toBeNull()
  })

  it("shows the messages under the fields on submit and focuses the first invalid field", async () => {
    const user = userEvent.setup()
    render(<EstimateForm />)
    await user.type(nameInput(), "J")
    expect(screen.queryByText("Name must be at least 2 characters")).toBeNull()

    await user.click(submitButton())

    const nameError = await screen.findByText("Name must be at least 2 characters")
    const phoneError = screen.getByText("Please enter a valid phone number")
    expect(nameInput()).toHaveAttribute("aria-invalid", "true")
    expect(nameInput()).toHaveAttribute("aria-describedby", nameError.id)
    expect(phoneInput()).toHaveAttribute("aria-describedby", phoneError.id)
    expect(nameInput()).toHaveFocus()
    expect(sendMock).not.toHaveBeenCalled()

    await user.type(nameInput(), "ane")
    await user.type(phoneInput(), "8015550100")
    await user.click(submitButton())
    await screen.findByText(successText)
    expect(screen.queryByText("Name must be at least 2 characters")).toBeNull()
  })

  it("does not count leading and trailing spaces, and sends trimmed values", async () => {
    const user = userEvent.setup()
    render(<EstimateForm />)
    await fillAndSubmit(user, "  J  ", "  801 555   ")
    expect(await screen.findByText("Name must be at least 2 characters")).toBeInTheDocument()
    expect(screen.getByText("Please enter a valid phone number")).toBeInTheDocument()
    expect(sendMock).not.toHaveBeenCalled()

    await user.clear(nameInput())
    await user.clear(phoneInput())
    await fillAndSubmit(user, "  Jane Doe ", " 801-555-0100  ")
    await screen.findByText(successText)
    expect(sendMock.mock.calls[0][2]).toMatchObject({ from_name: "Jane Doe", phone_number: "801-555-0100" })
  })

  it("sends the template params, shows the success notice and resets the form", async () => {
    await renderAndSubmit()

    expect(await screen.findByText(successText)).toBeInTheDocument()
    expect(screen.getByRole("status")).toHaveTextContent("Thank you for choosing Wasatch Concrete Co.")
    expect(screen.getByRole("status")).not.toHaveTextContent("Co..")
    expect(init).toHaveBeenCalledWith({ publicKey: "public-key" }, "http://127.0.0.1:8788")
    expect(sendMock).toHaveBeenCalledTimes(1)
    expect(sendMock).toHaveBeenCalledWith("service_estimates", "template_estimate", {
      to_name: "Wasatch Concrete Co.",
      from_name: "Jane Doe",
      phone_number: "801-555-0100",
      reference: expect.stringMatching(/^[A-Z0-9]{6}$/),
      message: expect.stringMatching(
        /^New estimate request [A-Z0-9]{6} from Jane Doe, phone 801-555-0100\.\nPage: Concrete Driveways \| Wasatch Concrete Co\. \(\/\)\nSent: \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M \S+$/,
      ),
    })
    const { reference } = sendMock.mock.calls[0][2] as { reference: string }
    expect(screen.getByRole("status")).toHaveTextContent(`Request ${reference}`)
    expect(nameInput()).toHaveValue("")
    expect(phoneInput()).toHaveValue("")
    expect(submitButton()).toBeEnabled()
    expect(consoleError).not.toHaveBeenCalled()
  })

  it("reads 'Submitting...' and is disabled while sending, whatever the outcome", async () => {
    const pending = deferred()
    sendMock.mockReturnValueOnce(pending.promise)
    await renderAndSubmit()

    await waitFor(() => expect(submitButton()).toHaveTextContent("Submitting..."))
    expect(submitButton()).toBeDisabled()

    await act(async () => pending.resolve(ok))
    expect(submitButton()).toHaveTextContent("Get My Free Estimate")
    expect(submitButton()).toBeEnabled()
  })

  it.each([
    ["an HTTP error, twice", { status: 500, text: "Internal Server Error" }, "unavailable"],
    ["the rate limit, twice", { status: 429, text: "Too Many Requests" }, "unavailable"],
    ["a refusal that no retry fixes", { status: 400, text: "The template ID is invalid" }, "refused"],
  ])(
    "shows the error notice with the number to call, text and e-mail links, and keeps the values on %s",
    async (_, failure, kind) => {
      sendMock.mockRejectedValue(failure)
      await renderAndSubmit()

      const alert = await screen.findByRole("alert")
      await waitFor(() => expect(alert).toHaveTextContent(errorText), { timeout: 4000 })
      expect(sendMock).toHaveBeenCalledTimes(kind === "refused" ? 1 : 2)
      expect(screen.getByRole("link", { name: "(801) 555-0142" })).toHaveAttribute("href", "tel:+18015550142")
      const sms = screen.getByRole("link", { name: "text it to us" }).getAttribute("href")!
      expect(sms).toMatch(/^sms:\+18015550142\?&body=/)
      expect(decodeURIComponent(sms)).toContain(
        `Estimate request ${(sendMock.mock.calls[0][2] as { reference: string }).reference} from Jane Doe, phone 801-555-0100. Sent from your website's page "Concrete Driveways | Wasatch Concrete Co." (/).`,
      )
      const mail = new URL(screen.getByRole("link", { name: "e-mail it to us" }).getAttribute("href")!)
      expect(mail.pathname).toBe("estimates@example.com")
      expect(mail.searchParams.get("body")).toContain("Jane Doe, phone 801-555-0100")
      expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ failure: kind }))
      expect(nameInput()).toHaveValue("Jane Doe")
      expect(phoneInput()).toHaveValue("801-555-0100")
      expect(submitButton()).toBeEnabled()
      expect(submitButton()).toHaveTextContent("Get My Free Estimate")
      expect(screen.queryByText(successText)).toBeNull()
      expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
    },
  )

  it("keeps a request that finds no network on the device, and gives the values back when cancelled", async () => {
    sendMock.mockRejectedValue({ status: 0, text: "Network Error" })
    const user = await renderAndSubmit()

    const status = screen.getByRole("status")
    await waitFor(() => expect(status).toHaveTextContent("You're offline, so your request is saved on this device."), {
      timeout: 4000,
    })
    expect(sendMock).toHaveBeenCalledTimes(2)
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)).toMatchObject({
      lead: { name: "Jane Doe", phone: "801-555-0100", pagePath: "/" },
      businessName: "Wasatch Concrete Co.",
    })
    expect(screen.getByRole("link", { name: "text it to us" })).toBeInTheDocument()
    expect(nameInput()).toHaveValue("")

    await user.click(screen.getByRole("button", { name: "Cancel request" }))
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
    expect(status).toBeEmptyDOMElement()
    expect(nameInput()).toHaveValue("Jane Doe")
    expect(phoneInput()).toHaveValue("801-555-0100")
    expect(submitButton()).toHaveFocus()
  })

  it("says plainly when the mail service is blocked while the site answers, keeps nothing to retry, and the values", async () => {
    // A content blocker aborts the mail service's request; the site's own address still answers.
    sendMock.mockRejectedValue(new TypeError("Failed to fetch"))
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200 })
    const savedFetch = global.fetch
    global.fetch = fetchMock as unknown as typeof fetch
    try {
      await renderAndSubmit()
      const alert = screen.getByRole("alert")
      await waitFor(() => expect(alert).toHaveTextContent("Your request could not be sent from this browser."), {
        timeout: 4000,
      })
      expect(fetchMock).toHaveBeenCalledWith("/", expect.objectContaining({ method: "HEAD", cache: "no-store" }))
      expect(alert).not.toHaveTextContent(/offline/i)
      // The ways that carry the request come first, then the call.
      const links = within(alert).getAllByRole("link")
      expect(links.map(link => link.textContent)).toEqual(["text it to us", "e-mail it to us", business.phone])
      expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
      expect(nameInput()).toHaveValue("Jane Doe")
      expect(phoneInput()).toHaveValue("801-555-0100")
    } finally {
      global.fetch = savedFetch
    }
  })

  it("keeps the request at once, without trying, when the browser says it is offline", async () => {
    const onLine = jest.spyOn(navigator, "onLine", "get").mockReturnValue(false)
    await renderAndSubmit()
    await screen.findByText("You're offline, so your request is saved on this device.")
    expect(sendMock).not.toHaveBeenCalled()
    expect(localStorage.getItem(OUTBOX_KEY)).toContain("Jane Doe")

    // Back online: the outbox sends it once, and the form tells the visitor.
    onLine.mockReturnValue(true)
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    await screen.findByText(successText)
    expect(sendMock).toHaveBeenCalledTimes(1)
    expect(sendMock.mock.calls[0][2]?.message).toMatch(/Kept on the visitor's device while offline and delivered/)
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull()
    await act(async () => {
      window.dispatchEvent(new Event("online"))
    })
    expect(sendMock).toHaveBeenCalledTimes(1)
  })

  it("treats an answer that is neither 200 nor OK as a failure", async () => {
    sendMock.mockResolvedValueOnce({ status: 202, text: "Accepted" })
    await renderAndSubmit()
    expect(await screen.findByText(errorText)).toBeInTheDocument()
    expect(nameInput()).toHaveValue("Jane Doe")
  })

  it("gives up after 15 seconds without an answer and keeps the values", async () => {
    jest.useFakeTimers()
    sendMock.mockReturnValueOnce(new Promise(() => {}))
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    render(<EstimateForm />)
    await fillAndSubmit(user)
    await waitFor(() => expect(sendMock).toHaveBeenCalledTimes(1))

    await act(async () => jest.advanceTimersByTime(14_900))
    expect(screen.queryByText(errorText)).toBeNull()
    expect(submitButton()).toBeDisabled()

    await act(async () => jest.advanceTimersByTime(200))
    expect(await screen.findByText(errorText)).toBeInTheDocument()
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ failure: "timeout" }))
    expect(nameInput()).toHaveValue("Jane Doe")
    expect(phoneInput()).toHaveValue("801-555-0100")
    expect(submitButton()).toBeEnabled()
  })

  it("makes a bot's fast submission look successful and sends nothing", async () => {
    win.gtag = jest.fn()
    const user = userEvent.setup()
    const { container } = render(<EstimateForm />)
    fireEvent.change(container.querySelector('input[name="extraInfo"]')!, { target: { value: "http://spam.example" } })
    await fillAndSubmit(user)

    expect(await screen.findByText(successText)).toBeInTheDocument()
    expect(sendMock).not.toHaveBeenCalled()
    expect(win.gtag).not.toHaveBeenCalled()
  })

  it("sends a filled honeypot marked as possible spam when the visitor took a person's time", async () => {
    const now = jest.spyOn(performance, "now").mockReturnValue(1_000)
    const user = userEvent.setup()
    const { container } = render(<EstimateForm />)
    await user.type(nameInput(), "Jane Doe")
    fireEvent.change(container.querySelector('input[name="extraInfo"]')!, { target: { value: "autofilled" } })
    await user.type(phoneInput(), "801-555-0100")
    now.mockReturnValue(1_000 + HUMAN_AFTER_MS + 500)
    await user.click(submitButton())

    expect(await screen.findByText(successText)).toBeInTheDocument()
    expect(sendMock).toHaveBeenCalledTimes(1)
    expect((sendMock.mock.calls[0][2] as { message: string }).message.split("\n")[0]).toBe(POSSIBLE_SPAM)
  })

  it("sends the same reference again when the visitor presses the button again after an error", async () => {
    sendMock.mockRejectedValueOnce({ status: 400, text: "Bad" })
    const user = await renderAndSubmit()
    await screen.findByText(errorText)
    await user.click(submitButton())
    expect(await screen.findByText(successText)).toBeInTheDocument()
    const [first, second] = sendMock.mock.calls.map(call => (call[2] as { reference: string }).reference)
    expect(second).toBe(first)

    // The next request is a new one.
    await fillAndSubmit(user, "John Roe")
    await waitFor(() => expect(sendMock).toHaveBeenCalledTimes(3))
    expect((sendMock.mock.calls[2][2] as { reference: string }).reference).not.toBe(first)
  })

  it("restores what was typed after a remount and clears it after success", async () => {
    const user = userEvent.setup()
    const first = render(<EstimateForm />)
    await user.type(nameInput(), "Jane Doe")
    await user.type(phoneInput(), "801")
    first.unmount()

    render(<EstimateForm />)
    await waitFor(() => expect(nameInput()).toHaveValue("Jane Doe"))
    expect(phoneInput()).toHaveValue("801")

    await user.type(phoneInput(), "-555-0100")
    await user.click(submitButton())
    await screen.findByText(successText)
    expect(sendMock.mock.calls[0][2]).toMatchObject({ from_name: "Jane Doe", phone_number: "801-555-0100" })
    expect(sessionStorage.length).toBe(0)
  })

  it("sends once on a double click and an Enter while sending", async () => {
    const pending = deferred()
    sendMock.mockReturnValueOnce(pending.promise)
    const user = userEvent.setup()
    render(<EstimateForm />)
    await user.type(nameInput(), "Jane Doe")
    await user.type(phoneInput(), "801-555-0100")
    // Both submits land before React re-renders the button as disabled.
    fireEvent.submit(submitButton().closest("form")!)
    fireEvent.submit(submitButton().closest("form")!)
    await waitFor(() => expect(submitButton()).toBeDisabled())
    await user.type(phoneInput(), "{Enter}")

    await act(async () => pending.resolve(ok))
    await screen.findByText(successText)
    expect(sendMock).toHaveBeenCalledTimes(1)
  })

  it("shows the error notice instead of crashing when EmailJS is not configured", async () => {
    delete process.env.GATSBY_EMAILJS_PUBLIC_KEY
    delete process.env.GATSBY_EMAILJS_TEMPLATE_ID
    await renderAndSubmit()

    expect(await screen.findByText(errorText)).toBeInTheDocument()
    expect(sendMock).not.toHaveBeenCalled()
    const [error] = consoleError.mock.calls[0]
    expect(String(error)).toContain("GATSBY_EMAILJS_PUBLIC_KEY, GATSBY_EMAILJS_TEMPLATE_ID")
    expect(nameInput()).toHaveValue("Jane Doe")
  })

  it("reports the conversion to gtag after a success only", async () => {
    process.env.GATSBY_GOOGLE_ADS_CONVERSION = "AW-123/abc"
    win.gtag = jest.fn()
    sendMock.mockRejectedValueOnce({ status: 400, text: "The service ID is invalid" })
    const user = await renderAndSubmit()
    await screen.findByText(errorText)
    expect(win.gtag).not.toHaveBeenCalled()

    await user.click(submitButton())
    await screen.findByText(successText)
    expect(win.gtag).toHaveBeenCalledTimes(1)
    expect(win.gtag).toHaveBeenCalledWith("event", "conversion", { send_to: "AW-123/abc" })
  })

  it("still succeeds when gtag throws", async () => {
    win.gtag = jest.fn(() => {
      throw new Error("blocked")
    })
    await renderAndSubmit()
    expect(await screen.findByText(successText)).toBeInTheDocument()
    expect(screen.queryByText(errorText)).toBeNull()
  })

  it("lets the visitor dismiss a notice and keeps focus in the form", async () => {
    const user = await renderAndSubmit()
    await screen.findByText(successText)

    await user.click(screen.getByRole("button", { name: "Dismiss" }))
    expect(screen.queryByText(successText)).toBeNull()
    expect(submitButton()).toHaveFocus()
  })
})
