import { css } from "@emotion/react"
import { Link } from "gatsby"
import { useBusiness } from "../hooks/use-business"
import { useReviews } from "../hooks/use-reviews"
import { reviewsFor, type ReviewFocus } from "../lib/proof"
import { paths } from "../lib/paths"
import { fontSizes, space } from "../styles/theme"
import { ReviewCard, ReviewSummary } from "./review-list"

const SHOWN = 2

const aside = css`
  display: grid;
  gap: ${space.md};
  margin-top: ${space.xl};
  h3,
  h4 {
    font-size: ${fontSizes.h3};
    margin: 0;
  }
  p {
    margin: 0;
  }
`

/**
 * Customers' words beside the estimate form: the page's own first (its service's, its city's or county's),
 * then the newest, with the average or the configured platform rating and a link to every review. Nothing
 * when the business has entered no review.
 */
export function ReviewsAside({ focus, headingLevel = 3 }: { focus?: ReviewFocus; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  const reviews = reviewsFor(useReviews(), focus)
  const { rating } = useBusiness()
  if (reviews.length === 0) return null
  return (
    <section css={aside} aria-labelledby="reviews-aside-title">
      <Heading id="reviews-aside-title">What customers say</Heading>
      <ReviewSummary reviews={reviews} configured={rating} />
      {reviews.slice(0, SHOWN).map(review => (
        <ReviewCard key={review.slug} review={review} />
      ))}
      <p>
        <Link to={paths.reviews}>
          {reviews.length === 1 ? "Read it on the reviews page" : `Read all ${reviews.length} reviews`}
        </Link>
      </p>
    </section>
  )
}
