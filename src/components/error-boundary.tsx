import { css } from "@emotion/react"
import { Component, type ErrorInfo, type ReactNode } from "react"
import { band, container } from "../styles/shared"

export interface ErrorBoundaryProps {
  children: ReactNode
}

interface ErrorBoundaryState {
  error: unknown
}

const box = css`
  ${band};
  ${container};
`

/** The status of an error that carries one, otherwise its message. */
export function describeError(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const { status, statusText, message } = error as { status?: unknown; statusText?: unknown; message?: unknown }
    if (typeof status === "number")
      return typeof statusText === "string" && statusText ? `${status} ${statusText}` : String(status)
    if (typeof message === "string" && message) return message
  }
  return String(error)
}

/** Keeps the header, footer and phone number on screen when a page's content fails to render. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unexpected application error", error, info.componentStack)
  }

  render() {
    if (this.state.error === null) return this.props.children
    return (
      <div role="alert" css={box}>
        <h1>Unexpected Application Error!</h1>
        <p>{describeError(this.state.error)}</p>
        <p>
          <a href="/">Go back to the home page</a>
        </p>
      </div>
    )
  }
}
