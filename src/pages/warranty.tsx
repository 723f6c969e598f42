import { graphql, type PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { PhoneLink } from "../components/phone-link"
import { PolicyPage } from "../components/policy-page"
import { Seo } from "../components/seo"
import { useBusiness } from "../hooks/use-business"
import { paths } from "../lib/paths"

/**
 * The workmanship warranty: its years (data/business.json › warrantyYears, the figure the trust strip and the
 * FAQ read) and the terms the business writes (› warranty). A term not yet written is not shown; the deploy
 * build lists it as missing (launch-check.ts › warrantyWarnings).
 */
export default function WarrantyPage({ data, location }: PageProps<Queries.WarrantyPageQuery>) {
  const { name, phone, email, warrantyYears } = useBusiness()
  const terms = data.businessJson?.warranty
  const years = `${warrantyYears}-year`
  return (
    <Layout pathname={location.pathname}>
      <Seo
        title={[`Our ${years} Workmanship Warranty`, "Warranty"]}
        description={`${name} stands behind its concrete work with a ${years} workmanship warranty: what it covers and how to make a claim.`}
        keywords={["concrete warranty Utah", "workmanship warranty", "concrete contractor warranty"]}
        pathname={paths.warranty}
      />
      <PolicyPage title={`Our ${years} workmanship warranty`}>
        <p>
          {name} stands behind its workmanship on every driveway, patio, slab and wall it builds for {warrantyYears}{" "}
          {warrantyYears === 1 ? "year" : "years"}.
        </p>
        {terms?.covers && (
          <>
            <h2>What the warranty covers</h2>
            <ul>
              {terms.covers.map(term => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          </>
        )}
        {terms?.excludes && (
          <>
            <h2>What it does not cover</h2>
            <ul>
              {terms.excludes.map(term => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          </>
        )}
        <h2>{terms?.claim ? "How to make a claim" : "Questions about the warranty"}</h2>
        {terms?.claim && <p>{terms.claim}</p>}
        <p>
          Call {name} at <PhoneLink phone={phone} /> or write to <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </PolicyPage>
    </Layout>
  )
}

export const query = graphql`
  query WarrantyPage {
    businessJson {
      warranty {
        covers
        excludes
        claim
      }
    }
  }
`
