import { css } from "@emotion/react"
import { EstimateForm } from "./estimate-form"
import { useBusiness } from "../hooks/use-business"
import { bandMuted, container, sectionIntro } from "../styles/shared"
import { colors, fontSizes, radii, shadows, space } from "../styles/theme"
import { PhoneLink } from "./phone-link"

export interface EstimateSectionProps {
  title?: string
  intro?: string
  headingLevel?: 2 | 3
  /** band: a full-width grey band (home page, end of service and city pages); card: a white card (/estimate). */
  variant?: "band" | "card"
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

/** The section every estimate button on the site lands on (#estimate), with the form and a way to call. */
export function EstimateSection({
  title = "Request Your Free Estimate",
  intro = "Leave your name and phone number and we'll call you back with a detailed quote within 24 hours.",
  headingLevel = 2,
  variant = "band",
}: EstimateSectionProps) {
  const { name, phone } = useBusiness()
  const Heading = `h${headingLevel}` as const
  return (
    <section id="estimate" aria-labelledby="estimate-title" css={variant === "card" ? card : bandMuted}>
      <div css={variant === "card" ? undefined : container}>
        <Heading id="estimate-title" css={heading[headingLevel]}>
          {title}
        </Heading>
        {intro && <p css={sectionIntro}>{intro}</p>}
        <noscript>
          <p>
            This form needs JavaScript. Call {name} at <PhoneLink phone={phone} /> for your free estimate.
          </p>
        </noscript>
        <EstimateForm />
      </div>
    </section>
  )
}
