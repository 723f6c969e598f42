import { Link } from "gatsby"
import { css } from "@emotion/react"
import { breakpoints, colors, fontSizes, radii, space } from "../styles/theme"
import { paths } from "../lib/paths"

export interface LocalExpertiseProps {
  city: string
  localInfo: string
  weatherConsiderations: string
  popularProjects: readonly string[]
  nearbyLandmarks: readonly string[]
  nearbyCities: readonly { name: string; slug: string }[]
}

const grid = css`
  display: grid;
  gap: ${space.xl};
  margin-top: ${space.xl};
  ${breakpoints.lg} {
    grid-template-columns: 1fr 1fr;
  }
  h3 {
    font-size: ${fontSizes.h3};
  }
`

const panel = css`
  padding: ${space.lg};
  background: ${colors.paper};
  border-radius: ${radii.lg};
  ul {
    margin: 0;
    padding-left: ${space.lg};
  }
  li + li {
    margin-top: ${space.xs};
  }
`

export function LocalExpertise({
  city,
  localInfo,
  weatherConsiderations,
  popularProjects,
  nearbyLandmarks,
  nearbyCities,
}: LocalExpertiseProps) {
  return (
    <div css={grid}>
      <div css={panel}>
        <h3>Building in {city}</h3>
        <p>{localInfo}</p>
      </div>
      <div css={panel}>
        <h3>Climate considerations</h3>
        <p>{weatherConsiderations}</p>
      </div>
      <div css={panel}>
        <h3>Popular projects in {city}</h3>
        <ul>
          {popularProjects.map(project => (
            <li key={project}>{project}</li>
          ))}
        </ul>
      </div>
      <div css={panel}>
        <h3>Nearby areas</h3>
        <ul>
          {nearbyLandmarks.map(place => (
            <li key={place}>{place}</li>
          ))}
        </ul>
        {nearbyCities.length > 0 && (
          <p>
            We also pour in{" "}
            {nearbyCities.map((neighbour, index) => (
              <span key={neighbour.slug}>
                {index > 0 && (index === nearbyCities.length - 1 ? " and " : ", ")}
                <Link to={paths.city(neighbour.slug)}>{neighbour.name}</Link>
              </span>
            ))}
            .
          </p>
        )}
      </div>
    </div>
  )
}
