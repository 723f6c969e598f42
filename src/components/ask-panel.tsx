import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { hoursLine } from "../lib/trust"
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
  .hours {
    font-size: ${fontSizes.small};
  }
`

/** Beside a FAQ: for the question it does not answer, the phone. */
export function AskPanel() {
  const { hours } = useBusiness()
  return (
    <aside css={panel} aria-labelledby="ask-title">
      <h3 id="ask-title">Still have a question?</h3>
      <p>Call us and ask. Talking a project through costs nothing, and it often settles what a quote should cover.</p>
      <CallLink variant="onSlate" />
      <p className="hours">Phones answered {hoursLine(hours)}.</p>
    </aside>
  )
}
