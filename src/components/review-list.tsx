import { graphql, Link } from "gatsby"
import { css } from "@emotion/react"
import { averageOf, dateLabel, sourceLabel } from "../lib/proof"
import type { Rating } from "../lib/json-ld"
import { paths } from "../lib/paths"
import { bareList, visuallyHidden } from "../styles/shared"
import { colors, fontSizes, fontWeights, radii, space } from "../styles/theme"

export const query = graphql`
  fragment ReviewCard on ReviewsJson {
    slug
    text
    name
    date
    rating
    source
    url
    city {
      slug
      name
      county {
        slug
      }
    }
    service {
      slug
      title
    }
  }
`

export type ReviewCardData = Queries.ReviewCardFragment

const list = css`
  display: grid;
  gap: ${space.md};
  ${bareList}
`

const card = css`
  margin: 0;
  padding: ${space.lg};
  background: ${colors.paper};
  border: 1px solid ${colors.line};
  border-radius: ${radii.md};
  blockquote {
    margin: ${space.xs} 0 ${space.sm};
    white-space: pre-line;
  }
`

const meta = css`
  display: block;
  color: ${colors.inkMuted};
  font-size: ${fontSizes.small};
`

const starRow = css`
  margin: 0;
  color: ${colors.accentText};
  font-size: ${fontSizes.lead};
  letter-spacing: 0.1em;
`

const nameText = css`
  color: ${colors.ink};
  font-weight: ${fontWeights.bold};
`

/** Five stars, filled to the rating; a screen reader hears the words instead. */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.round(rating)
  return (
    <p css={starRow}>
      <span aria-hidden="true">{"★".repeat(filled) + "☆".repeat(5 - filled)}</span>
      <span css={visuallyHidden}>Rated {rating} out of 5</span>
    </p>
  )
}

/** One review, the words exactly as the customer wrote them, with who, when, where and the stars. */
export function ReviewCard({ review }: { review: ReviewCardData }) {
  const where = [review.city?.name, review.service?.title].filter(Boolean).join(" · ")
  return (
    <figure css={card}>
      <Stars rating={review.rating} />
      <blockquote>{review.text}</blockquote>
      <figcaption>
        <span css={nameText}>{review.name}</span>
        {where && <> · {where}</>}
        <span css={meta}>
          <time dateTime={review.date}>{dateLabel(review.date)}</time> ·{" "}
          {review.url ? <a href={review.url}>{sourceLabel(review.source)}</a> : sourceLabel(review.source)}
        </span>
      </figcaption>
    </figure>
  )
}

export interface ReviewSummaryProps {
  /** Every review listed with the summary: the average is worked out from them. */
  reviews: readonly { rating: number }[]
  /** The platform rating the owner configured (data/business.json), shown instead, with its link. */
  configured?: Rating | null
}

/** The average and the count, labelled by where they come from: one or the other, never both. */
export function ReviewSummary({ reviews, configured }: ReviewSummaryProps) {
  if (configured) {
    const { value, count, url } = configured
    return (
      <p>
        Rated {value} out of 5 from {count} {count === 1 ? "review" : "reviews"}
        {url ? (
          <>
            {" "}
            (<a href={url}>read them where they were left</a>)
          </>
        ) : null}
      </p>
    )
  }
  const average = averageOf(reviews)
  if (!average) return null
  return (
    <p>
      Average {average.value} out of 5 from the {average.count === 1 ? "review" : `${average.count} reviews`} on this
      site
    </p>
  )
}

export interface ReviewListProps {
  reviews: readonly ReviewCardData[]
  /** How many to show; the link to every review follows when there are more. */
  limit?: number
}

/** Reviews as a list, in the order given; with a limit, a link to the reviews page when some are left out. */
export function ReviewList({ reviews, limit }: ReviewListProps) {
  const shown = limit === undefined ? reviews : reviews.slice(0, limit)
  return (
    <>
      <ul css={list}>
        {shown.map(review => (
          <li key={review.slug}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {shown.length < reviews.length && (
        <p>
          <Link to={paths.reviews}>All {reviews.length} reviews</Link>
        </p>
      )}
    </>
  )
}
