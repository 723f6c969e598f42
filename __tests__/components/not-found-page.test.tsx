import { render, screen, within } from "@testing-library/react"
import { Helmet } from "react-helmet"
import NotFoundPage from "../../src/pages/404"
import { pageProps } from "../fixtures/site-data"
import { withSiteData } from "../support/components"

withSiteData()

describe("404 page", () => {
  it("logs the attempted path and shows 404 with a link home", () => {
    const log = jest.spyOn(console, "error").mockImplementation(() => undefined)
    render(<NotFoundPage {...pageProps({}, "/no-such-page")} />)
    expect(log).toHaveBeenCalledWith(expect.stringContaining("404"), "/no-such-page")
    expect(screen.getByText("404")).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument()
    expect(within(screen.getByRole("main")).getByRole("link", { name: /home/i })).toHaveAttribute("href", "/")
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument()
  })

  it("is not indexed", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    render(<NotFoundPage {...pageProps({}, "/old-page")} />)
    const meta = Helmet.peek().metaTags as unknown as Record<string, string>[]
    expect(meta).toContainEqual(expect.objectContaining({ name: "robots", content: "noindex" }))
  })
})

// Last in the file: when a render throws, React retries it, and react-helmet keeps the instance from the
// abandoned attempt mounted, so Helmet.peek() in later tests would still see this page's breadcrumb.
