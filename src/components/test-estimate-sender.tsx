import { useState } from "react"
import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { makeReference } from "../lib/estimate/reference"
import { explainTestSend, testParams, type TestSendOutcome } from "../lib/estimate/test-send"
import { primaryButton } from "../styles/shared"
import { colors, fontWeights, radii, space } from "../styles/theme"

const result = css`
  margin-top: ${space.lg};
  padding: ${space.md};
  border-left: ${space.xxs} solid;
  border-radius: ${radii.md};
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${space.xs};
  }
`

const tones = {
  good: css`
    background: ${colors.successSurface};
    border-color: ${colors.success};
  `,
  bad: css`
    background: ${colors.dangerSurface};
    border-color: ${colors.danger};
  `,
}

const strong = css`
  font-weight: ${fontWeights.bold};
`

/** The owner's button: sends a marked test estimate through this build's EmailJS settings and says what came back. */
export function TestEstimateSender() {
  const business = useBusiness()
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<(TestSendOutcome & { ref: string }) | null>(null)

  const sendTest = async () => {
    const ref = makeReference()
    setSending(true)
    setOutcome(null)
    let error: unknown = null
    try {
      const { sendParams } = await import(/* webpackChunkName: "estimate-send" */ "../lib/estimate/send")
      await sendParams(testParams(business.name, business.phone, ref))
    } catch (caught) {
      // The page's purpose is to show this error in words; the console keeps the details.
      console.warn(caught)
      error = caught
    }
    setOutcome({ ...explainTestSend(error), ref })
    setSending(false)
  }

  return (
    <>
      <button type="button" css={primaryButton} disabled={sending} onClick={() => void sendTest()}>
        {sending ? "Sending the test…" : "Send a test estimate"}
      </button>
      <div role="status">
        {outcome && (
          <div css={[result, outcome.ok ? tones.good : tones.bad]}>
            <p css={strong}>{outcome.summary}</p>
            <p>{outcome.advice}</p>
            {outcome.answer && <p>EmailJS answered: {outcome.answer}</p>}
            <p>Test reference: {outcome.ref}</p>
          </div>
        )}
      </div>
    </>
  )
}
