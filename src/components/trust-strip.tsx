import { css } from "@emotion/react"
import { useBusiness } from "../hooks/use-business"
import { trustFacts } from "../lib/trust"
import { breakpoints, colors, fontSizes, fontWeights, sizes, space } from "../styles/theme"
import { container } from "../styles/shared"

export interface TrustStripProps {
  /** band: a full-width strip under the home page's hero; list: a column beside a form. */
  variant?: "band" | "list"
}

const band = css`
  padding: ${space.md} 0;
  background: ${colors.concrete};
  border-bottom: ${sizes.border} solid ${colors.line};
`

const row = css`
  ${container};
  display: grid;
  gap: ${space.xs} ${space.lg};
  margin-top: 0;
  margin-bottom: 0;
  ${breakpoints.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${breakpoints.lg} {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
  }
`

const column = css`
  display: grid;
  gap: ${space.xs};
  margin: 0;
  padding: 0;
`

const fact = css`
  display: flex;
  align-items: baseline;
  gap: ${space.xs};
  list-style: none;
  color: ${colors.ink};
  font-size: ${fontSizes.small};
  font-weight: ${fontWeights.semibold};
  /* A check mark drawn with two borders, so screen readers have no symbol to read. */
  &::before {
    content: "";
    flex: none;
    width: 0.4em;
    height: 0.75em;
    border: solid ${colors.success};
    border-width: 0 ${sizes.borderThick} ${sizes.borderThick} 0;
    transform: translateY(-0.1em) rotate(45deg);
  }
`

/** The business's promises and credentials in a few short lines, from data/business.json. */
export function TrustStrip({ variant = "band" }: TrustStripProps) {
  const facts = trustFacts(useBusiness())
  const list = (
    <ul css={variant === "band" ? row : column} className="trust-facts">
      {facts.map(({ key, text, href }) => (
        <li key={key} css={fact} data-fact={key}>
          {href ? <a href={href}>{text}</a> : text}
        </li>
      ))}
    </ul>
  )
  return variant === "band" ? <div css={band}>{list}</div> : list
}
