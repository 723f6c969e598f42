import { css } from "@emotion/react"
import { colors, fontSizes, radii, space } from "../styles/theme"
import { CallLink } from "./call-link"

const panel = css`
  margin-top: ${space.xl};
  padding: ${space.lg};
  background: ${colors.slate};
  color: ${colors.onSlate};
  border-radius: ${radii.lg};
  h3 {
    font-size: ${fontSizes.h3};
    margin-bottom: ${space.xs};
  }
  p {
    color: ${colors.onSlateMuted};
  }
`

/** Beside a FAQ: for the question it does not answer, the phone. */
export function AskPanel() {
  return (
    <aside css={panel} aria-labelledby="ask-title">
      <h3 id="ask-title">Still have a question?</h3>
      <p>Call and ask: talking a project through costs nothing.</p>
      <CallLink variant="onSlate" />
    </aside>
  )
}
