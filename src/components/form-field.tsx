import type { InputHTMLAttributes } from "react"
import { css } from "@emotion/react"
import { colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"
import { NATIVE_CHECKED_ATTRIBUTE, NATIVE_MESSAGE_ATTRIBUTE } from "../browser/estimate/early-submit"

const field = css`
  display: grid;
  gap: ${space.xs};
`

const label = css`
  font-weight: ${fontWeights.semibold};
`

// Until the form's engine arrives, the browser checks the fields (early-submit.ts): once a press has been
// checked (its mark), a field still empty or too short is drawn as the engine draws an error, with its words
// under it, and mended by the next letter, with no code. The words are generated content, so the field's
// description is empty while they are not shown.
const checkedForm = `form[${NATIVE_CHECKED_ATTRIBUTE}]:not([novalidate])`

const input = css`
  width: 100%;
  min-height: ${sizes.tapTarget};
  padding: ${space.xs} ${space.sm};
  border: ${sizes.border} solid ${colors.lineStrong};
  border-radius: ${radii.md};
  background: ${colors.paper};
  color: ${colors.ink};
  font: inherit;
  &:focus {
    outline: ${sizes.focusRing} solid ${colors.focus};
    outline-offset: ${sizes.border};
  }
  &[aria-invalid="true"],
  ${checkedForm} &:invalid {
    border: ${sizes.borderThick} solid ${colors.danger};
  }
`

// The browser's words look as the engine's do (fieldError, below), under the same field.
const nativeError = css`
  display: none;
  &::before {
    content: attr(${NATIVE_MESSAGE_ATTRIBUTE});
  }
  ${checkedForm} input:invalid ~ & {
    display: block;
  }
`

const fieldError = css`
  margin: 0;
  color: ${colors.danger};
  font-size: ${fontSizes.small};
  font-weight: ${fontWeights.semibold};
`

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string
  errorId: string
  label: string
  /** The engine's message, once it has checked the field. */
  error?: string
  /** What the field says while the browser checks it, before the engine: empty or too short. */
  nativeMessage: string
}

/**
 * A labelled, required input with its error message underneath, tied to it for screen readers: the engine's, or
 * before the engine the browser's check in the same words.
 */
export function FormField({ id, errorId, label: text, error, nativeMessage, ...inputProps }: FormFieldProps) {
  const nativeErrorId = `${errorId}-native`
  return (
    <div css={field}>
      <label htmlFor={id} css={label}>
        {text}
      </label>
      <input
        id={id}
        {...inputProps}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : nativeErrorId}
        css={input}
      />
      <p id={nativeErrorId} css={[fieldError, nativeError]} {...{ [NATIVE_MESSAGE_ATTRIBUTE]: nativeMessage }} />
      {error && (
        <p id={errorId} css={fieldError}>
          {error}
        </p>
      )}
    </div>
  )
}
