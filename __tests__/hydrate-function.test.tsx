/*
 * gatsby-browser.tsx's replaceHydrateFunction, as `gatsby develop` uses it: its loading indicator is rendered
 * through it into an empty element and taken down with what it returns, which must unmount the tree (React 18
 * warns of a legacy unmount otherwise).
 */
import { act } from "react"
import { replaceHydrateFunction } from "../gatsby-browser"

const render = replaceHydrateFunction()

// React's act() is only quiet where the environment says it is a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The next task, in which the function renders. */
const nextTask = () => act(() => new Promise(resolve => setTimeout(resolve, 0)))

test("an empty element gets the tree in the next task, and what the function returns takes it down", async () => {
  const container = document.createElement("div")
  document.body.append(container)
  const takeDown = render(<p>Preparing the page</p>, container)
  expect(container.innerHTML).toBe("")
  await nextTask()
  expect(container.textContent).toBe("Preparing the page")
  const errors = jest.spyOn(console, "error").mockImplementation(() => undefined)
  act(() => takeDown())
  expect(container.innerHTML).toBe("")
  expect(errors).not.toHaveBeenCalled()
  errors.mockRestore()
})

test("taken down before its task, nothing is rendered", async () => {
  const container = document.createElement("div")
  render(<p>Preparing the page</p>, container)()
  await nextTask()
  expect(container.innerHTML).toBe("")
})
