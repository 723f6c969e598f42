// Gatsby replaced for unit tests (Gatsby's unit-testing guide): queries are stubbed per test
// and Link renders a plain anchor so navigation can be asserted on its href.
import * as React from "react"

const gatsby = jest.requireActual("gatsby")

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string
  activeClassName?: string
  activeStyle?: object
  partiallyActive?: boolean
}

const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, activeClassName: _activeClassName, activeStyle: _activeStyle, partiallyActive: _partiallyActive, ...rest },
  ref,
) {
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the children arrive in rest
  return <a ref={ref} href={to} {...rest} />
})

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link,
  navigate: jest.fn(),
  StaticQuery: jest.fn(),
  useStaticQuery: jest.fn(),
}
