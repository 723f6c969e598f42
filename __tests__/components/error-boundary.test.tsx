import { render, screen, within } from "@testing-library/react"
import { ErrorBoundary, describeError } from "../../src/components/error-boundary"
import { withSiteData } from "../support/components"

withSiteData()

describe("ErrorBoundary", () => {
  beforeEach(() => {
    // React reports caught render errors on the console; the boundary logs them too.
    jest.spyOn(console, "error").mockImplementation(() => undefined)
  })

  it("renders its children when nothing throws", () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText("All good")).toBeInTheDocument()
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  })

  it("shows 'Unexpected Application Error!' and the message when a child throws", () => {
    const Thrower = () => {
      throw new Error("Cannot read the city data")
    }
    render(
      <ErrorBoundary>
        <Thrower />
      </ErrorBoundary>,
    )
    const alert = screen.getByRole("alert")
    expect(within(alert).getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument()
    expect(alert).toHaveTextContent("Cannot read the city data")
    expect(within(alert).getByRole("link")).toHaveAttribute("href", "/")
    expect(console.error).toHaveBeenCalledWith(
      "Unexpected application error",
      expect.objectContaining({ message: "Cannot read the city data" }),
      expect.any(String),
    )
  })

  it("shows the status of an error that carries one", () => {
    const Thrower = () => {
      throw { status: 404, statusText: "Not Found", message: "ignored" }
    }
    render(
      <ErrorBoundary>
        <Thrower />
      </ErrorBoundary>,
    )
    expect(screen.getByRole("alert")).toHaveTextContent("404 Not Found")
    expect(screen.getByRole("alert")).not.toHaveTextContent("ignored")
  })

  it("describes errors by status, then message, then as text", () => {
    expect(describeError({ status: 404 })).toBe("404")
    expect(describeError({ status: 500, statusText: "Server Error" })).toBe("500 Server Error")
    expect(describeError(new Error("boom"))).toBe("boom")
    expect(describeError("plain")).toBe("plain")
  })
})
