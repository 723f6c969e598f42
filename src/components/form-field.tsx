import type { InputHTMLAttributes } from "react"
import { css } from "@emotion/react"
import { colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"

const field = css`
  display: grid;
  gap: ${space.xs};
`

const label = css`
  font-weight: ${fontWeights.semibold};
`

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
  &[aria-invalid="true"] {
    border: ${sizes.borderThick} solid ${colors.danger};
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
  error?: string
}

/** A labelled, required input with its error message underneath, tied to it for screen readers. */
export function FormField({ id, errorId, label: text, error, ...inputProps }: FormFieldProps) {
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
        aria-describedby={error ? errorId : undefined}
        css={input}
      />
      {error && (
        <p id={errorId} css={fieldError}>
          {error}
        </p>
      )}
    </div>
  )
}
