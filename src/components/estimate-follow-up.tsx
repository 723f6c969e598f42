import { useEffect, useId, useRef, useState } from "react"
import { css } from "@emotion/react"
import { useNavigation } from "../hooks/use-navigation"
import { followUpAsked, markFollowUpAsked } from "../browser/estimate/follow-up-asked"
import { followUpParams, sizeChoices, timingChoices, type FollowUpAnswers } from "../lib/estimate/follow-up"
import { recordDetails } from "../browser/estimate/inbox"
import type { Lead } from "../lib/estimate/lead"
import { secondaryButton } from "../styles/shared"
import { colors, fontSizes, fontWeights, space } from "../styles/theme"

const box = css`
  margin-top: ${space.md};
  p {
    margin: 0 0 ${space.xs};
  }
`

const question = css`
  font-weight: ${fontWeights.bold};
`

const choices = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.xs};
`

const choice = css`
  ${secondaryButton};
  font-weight: ${fontWeights.semibold};
`

const skip = css`
  margin-top: ${space.xs};
  padding: ${space.xs} 0;
  border: 0;
  background: none;
  color: ${colors.inkMuted};
  font: inherit;
  font-size: ${fontSizes.small};
  text-decoration: underline;
  cursor: pointer;
`

type Step = keyof FollowUpAnswers
const steps: Step[] = ["project", "size", "when"]

export interface EstimateFollowUpProps {
  lead: Lead
  businessName: string
}

/**
 * The three optional taps after a sent request, loaded only when a request has been sent (src/lib/estimate/follow-up.ts): each answer moves to the
 * next question, the third sends the details with the request's reference. It sits in the success notice's
 * status region, so each question and the outcome are announced. Whatever becomes of this send, the request
 * itself has been sent and its notice stays as it is.
 */
/** The offer is made once per browser: nothing when this browser was asked before the offer arrived. */
export default function EstimateFollowUpOffer(props: EstimateFollowUpProps) {
  const [offered] = useState(() => !followUpAsked())
  return offered ? <EstimateFollowUp {...props} /> : null
}

function EstimateFollowUp({ lead, businessName }: EstimateFollowUpProps) {
  const { serviceTitles } = useNavigation()
  const id = useId().replace(/[^\w-]/g, "")
  const [answers, setAnswers] = useState<Partial<FollowUpAnswers>>({})
  const [outcome, setOutcome] = useState<"open" | "sending" | "sent" | "failed" | "closed">("open")
  const first = useRef<HTMLButtonElement>(null)
  const step = steps.find(each => !answers[each])

  useEffect(() => markFollowUpAsked(lead.ref), [lead.ref])
  // Each answer replaces the buttons: focus goes to the next question's first one.
  useEffect(() => {
    if (Object.keys(answers).length > 0) first.current?.focus()
  }, [answers])

  const send = async (all: FollowUpAnswers) => {
    setOutcome("sending")
    // The site's inbox first, where there is one: the details are the business's once either has them.
    const recorded = await recordDetails(lead, all)
    try {
      const { sendParams } = await import(/* webpackChunkName: "estimate-send" */ "../browser/estimate/send")
      await sendParams(followUpParams(lead, businessName, all))
      setOutcome("sent")
    } catch (error) {
      console.warn(error)
      setOutcome(recorded ? "sent" : "failed")
    }
  }

  const answer = (value: string) => {
    if (!step) return
    const next = { ...answers, [step]: value }
    setAnswers(next)
    if (steps.every(each => next[each])) void send(next as FollowUpAnswers)
  }

  const questions: Record<Step, { text: string; options: readonly string[] }> = {
    project: { text: "What is the project?", options: serviceTitles },
    size: { text: "About how big?", options: sizeChoices },
    when: { text: "When would you like it done?", options: timingChoices },
  }

  return (
    <div css={box}>
      {outcome === "sending" && <p>Sending your details…</p>}
      {outcome === "sent" && <p>Thank you: your details are added to request {lead.ref}.</p>}
      {outcome === "failed" && (
        <p>Your details could not be sent, but your request was: we will ask about the project when we call.</p>
      )}
      {outcome === "open" && step && (
        <div role="group" aria-labelledby={`${id}-question`}>
          <p>Three taps help us prepare your estimate (optional):</p>
          <p id={`${id}-question`} css={question}>
            {`${steps.indexOf(step) + 1} of 3: ${questions[step].text}`}
          </p>
          <div css={choices}>
            {questions[step].options.map((option, index) => (
              <button
                key={option}
                ref={index === 0 ? first : undefined}
                type="button"
                css={choice}
                onClick={() => answer(option)}
              >
                {option}
              </button>
            ))}
          </div>
          <button type="button" css={skip} onClick={() => setOutcome("closed")}>
            No thanks
          </button>
        </div>
      )}
    </div>
  )
}
