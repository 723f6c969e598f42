import { css } from "@emotion/react"
import { Link } from "gatsby"
import { useBusiness } from "../hooks/use-business"
import { paths } from "../lib/paths"
import { space } from "../styles/theme"

const note = css`
  margin: ${space.lg} 0 0;
`

/** One line under a service's steps: the workmanship warranty's years and the page that says it in full. */
export function WarrantyNote() {
  const { warrantyYears } = useBusiness()
  return (
    <p css={note}>
      Every job carries our {warrantyYears}-year workmanship warranty.{" "}
      <Link to={paths.warranty}>Read the warranty in full</Link>
    </p>
  )
}
