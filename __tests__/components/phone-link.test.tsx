import { fireEvent, render, screen } from "@testing-library/react"
import { PhoneLink } from "../../src/components/phone-link"
import { withSiteData } from "../support/components"

withSiteData()

describe("PhoneLink", () => {
  it("dials the number, keeps it on one line and keeps the caller's class and handlers", () => {
    const onClick = jest.fn()
    render(
      <PhoneLink phone="(801) 555-0142" className="extra" onClick={onClick}>
        Call (801) 555-0142
      </PhoneLink>,
    )
    const link = screen.getByRole("link", { name: "Call (801) 555-0142" })
    expect(link).toHaveAttribute("href", "tel:+18015550142")
    expect(link).toHaveClass("phone", "extra")
    expect(getComputedStyle(link).whiteSpace).toBe("nowrap")
    fireEvent.click(link)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it("shows the number itself when given no text", () => {
    render(<PhoneLink phone="(801) 555-0142" />)
    expect(screen.getByRole("link", { name: "(801) 555-0142" })).toHaveClass("phone")
  })
})
