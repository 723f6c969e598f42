import { type PageProps } from "gatsby"
import { EstimateSection } from "../components/estimate-section"
import { Hero } from "../components/hero"
import { Layout } from "../components/layout"
import { ReviewList, ReviewSummary } from "../components/review-list"
import { Section } from "../components/section"
import { Seo } from "../components/seo"
import { useBusiness } from "../hooks/use-business"
import { useReviews } from "../hooks/use-reviews"
import { paths } from "../lib/paths"

/** Every review the business has entered, newest first, none left out and none filtered by its stars. */
export default function ReviewsPage({ location }: PageProps) {
  const business = useBusiness()
  const reviews = useReviews()
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title="Customer Reviews"
        description={`What ${reviews.length} ${reviews.length === 1 ? "customer says" : "customers say"} about ${business.name}'s concrete work, in their own words, newest first.`}
        keywords={[`${business.name} reviews`, "concrete contractor reviews Utah"]}
        pathname={paths.reviews}
      />
      <Hero title="Customer Reviews" eyebrow="In our customers' own words">
        <ReviewSummary reviews={reviews} configured={business.rating} />
        <p>
          Every review we have added is here, whatever its stars, with where it was left. We do not edit what customers
          write.
        </p>
      </Hero>
      <Section id="reviews" title={`${reviews.length} ${reviews.length === 1 ? "review" : "reviews"}, newest first`}>
        <ReviewList reviews={reviews} />
      </Section>
      <EstimateSection reviews={false} />
    </Layout>
  )
}
