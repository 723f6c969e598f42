import { graphql, useStaticQuery } from "gatsby"

/** The business's facts from data/business.json: the one place its name, phone, e-mail and address live. */
export function useBusiness() {
  const data = useStaticQuery<Queries.BusinessQuery>(graphql`
    query Business {
      businessJson {
        name
        phone
        email
        siteUrl
        addressRegion
        addressCountry
        priceRange
        rating {
          value
          count
          url
        }
        hours {
          days
          opens
          closes
        }
        warrantyYears
        quoteWithinHours
        visit {
          checks
          quoteIncludes
          lengthMinutes
          whoComes
          textMessage
        }
        licenseNumber
        insurance
        inBusinessSince
        privacyPolicyEffective
        accessibilityStatementDate
      }
    }
  `)
  if (!data.businessJson) throw new Error("data/business.json is missing: the site cannot show its phone number")
  return data.businessJson
}

export type Business = ReturnType<typeof useBusiness>
