import "@testing-library/jest-dom"
import { HYDRATED_ATTRIBUTE } from "./src/styles/theme"

// A component rendered in a test runs its code, as a page does once hydrated (gatsby-browser.tsx): the menus'
// buttons show, not the plain links a page has before its code loads. A test of that state removes the mark.
if (typeof document !== "undefined") document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "")
