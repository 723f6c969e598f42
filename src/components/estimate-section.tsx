import { css } from "@emotion/react"
import { EstimateForm } from "./estimate-form"
import { HydratesAlone } from "./hydrates-alone"
import { useBusiness } from "../hooks/use-business"
import { nextStepLine } from "../lib/trust"
import { bandMuted, container, sectionIntro } from "../styles/shared"
import { mainAndAside } from "../styles/layouts"
import { colors, fontSizes, radii, shadows, space } from "../styles/theme"
import { NextSteps } from "./next-steps"
import { ReviewsAside } from "./reviews-aside"
import type { ReviewFocus } from "../lib/proof"
import { PhoneLink } from "./phone-link"
import { ESTIMATE_SECTION } from "../lib/paths"

export interface EstimateSectionProps {
  title?: string
  /** The one line under the title; by default, what happens after the visitor sends the form. */
  intro?: string
  headingLevel?: 2 | 3
  /** band: the form on the grey band (home page, end of service and city pages); card: the form in a white card (/estimate). */
  variant?: "band" | "card"
  /** Whose reviews lead beside the form: the page's service, city or county. */
  reviewFocus?: ReviewFocus
  /** False where the page lists the reviews itself (/reviews). */
  reviews?: boolean
}

const card = css`
  padding: ${space.xl} ${space.lg};
  background: ${colors.paper};
  border-radius: ${radii.lg};
  box-shadow: ${shadows.card};
`

const heading = {
  2: css`
    font-size: ${fontSizes.h2};
  `,
  3: css`
    font-size: ${fontSizes.h3};
  `,
}

/**
 * The section every estimate button on the site lands on (#estimate): the form, and beside it what
 * happens next, the business's promises and a way to call.
 */
export function EstimateSection({
  title = "Request Your Free Estimate",
  intro,
  headingLevel = 2,
  variant = "band",
  reviewFocus,
  reviews = true,
}: EstimateSectionProps) {
  const business = useBusiness()
  const { name, phone } = business
  const Heading = `h${headingLevel}` as const
  return (
    <section id={ESTIMATE_SECTION} aria-labelledby="estimate-title" css={bandMuted}>
      <div css={[container, mainAndAside]}>
        <div css={variant === "card" ? card : undefined}>
          <Heading id="estimate-title" css={heading[headingLevel]}>
            {title}
          </Heading>
          <p css={sectionIntro}>{intro ?? `Leave your name and phone number. ${nextStepLine(business)}`}</p>
          <noscript>
            <p>
              Without JavaScript the form still sends, and the next page shows your request&apos;s reference. If it does
              not go, call {name} at <PhoneLink phone={phone} /> for your free estimate.
            </p>
          </noscript>
          <HydratesAlone>
            <EstimateForm />
          </HydratesAlone>
        </div>
        <HydratesAlone>
          <div>
            <NextSteps headingLevel={headingLevel === 2 ? 3 : 4} />
            {reviews && <ReviewsAside focus={reviewFocus} headingLevel={headingLevel === 2 ? 3 : 4} />}
          </div>
        </HydratesAlone>
      </div>
    </section>
  )
}
