import { graphql, useStaticQuery } from "gatsby"

/**
 * Every review in data/reviews/, newest first, for the reviews shown beside each estimate form. The
 * site ships with none; the owner adds them in the content manager.
 */
export function useReviews() {
  const data = useStaticQuery<Queries.ReviewsQuery>(graphql`
    query Reviews {
      allReviewsJson(sort: [{ date: DESC }, { slug: ASC }]) {
        nodes {
          ...ReviewCard
        }
      }
    }
  `)
  return data.allReviewsJson.nodes
}

export type Review = ReturnType<typeof useReviews>[number]
