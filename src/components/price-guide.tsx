import { graphql } from "gatsby"
import { css } from "@emotion/react"
import { priceFigures, type PriceRange } from "../lib/price"
import { dateLabel } from "../lib/proof"
import { colors, fontSizes, fontWeights, radii, sizes, space } from "../styles/theme"

/** A service's price range as every query asks for it: the guide here, the cards' short line, the offer's data. */
export const query = graphql`
  fragment ServicePrice on ServicesJson {
    price {
      low
      high
      unit
      includes
      smallestJob
      checked
    }
  }
`

export interface PriceGuideProps {
  price: PriceRange
  /** The service as it reads inside a sentence: "driveways". */
  phrase: string
}

const box = css`
  max-width: ${sizes.prose};
  padding: ${space.lg};
  background: ${colors.paper};
  border-left: ${sizes.focusRing} solid ${colors.accent};
  border-radius: ${radii.md};
  p {
    margin: 0 0 ${space.sm};
  }
  dl {
    margin: 0;
  }
  dt {
    font-weight: ${fontWeights.semibold};
  }
  dd {
    margin: 0 0 ${space.xs};
  }
  small {
    color: ${colors.inkMuted};
    font-size: ${fontSizes.small};
  }
`

/** The service page's sentence: what recent jobs came to, when the figures were checked, and what counts. */
export const priceSentence = (price: PriceRange, phrase: string): string =>
  `Most of our ${phrase} up to ${dateLabel(price.checked)} came to ${priceFigures(price)}, installed. ` +
  "That is a guide, not a quote: your written quote after the visit is what counts."

/** What recent jobs of a service came to, as the owner last checked: a guide, dated, never a quote. */
export function PriceGuide({ price, phrase }: PriceGuideProps) {
  return (
    <div css={box}>
      <p>{priceSentence(price, phrase)}</p>
      <dl>
        <dt>What the figures include</dt>
        <dd>{price.includes}</dd>
        {price.smallestJob && (
          <>
            <dt>The smallest job we take</dt>
            <dd>{price.smallestJob}</dd>
          </>
        )}
      </dl>
      <small>
        Figures last checked <time dateTime={price.checked}>{dateLabel(price.checked)}</time>.
      </small>
    </div>
  )
}
