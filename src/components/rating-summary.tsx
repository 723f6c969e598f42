import type { Rating } from "../lib/json-ld"

export interface RatingSummaryProps {
  rating: Rating
}

/** The business's aggregate rating in words: the visible half of the AggregateRating in the markup. */
export function RatingSummary({ rating }: RatingSummaryProps) {
  const { value, count, url } = rating
  return (
    <p>
      Rated {value} out of 5 from {count} {count === 1 ? "review" : "reviews"}
      {url && (
        <>
          {" "}
          (<a href={url}>read the reviews</a>)
        </>
      )}
    </p>
  )
}
