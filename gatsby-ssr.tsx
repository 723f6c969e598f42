/**
 * Gatsby Server Rendering APIs:
 * - onPreRenderHTML: makes Gatsby's loader script the same on every page (the page's path moves to a data
 *   attribute), so the Content-Security-Policy in static/_headers allows it with one hash.
 */
import React from "react"
import type { GatsbySSR } from "gatsby"
import { shareLoaderScript } from "./src/lib/deploy/page-path-script"

type InlineScriptProps = { id?: string; dangerouslySetInnerHTML?: { __html: string } }

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getPostBodyComponents, replacePostBodyComponents }) => {
  const components = getPostBodyComponents() as React.ReactElement<InlineScriptProps>[]
  replacePostBodyComponents(
    components.map(component => {
      const code = component.props.dangerouslySetInnerHTML?.__html
      if (component.props.id !== "gatsby-script-loader" || code === undefined) return component
      const shared = shareLoaderScript(code)
      return (
        <script
          key={component.key ?? "script-loader"}
          id="gatsby-script-loader"
          data-page-path={shared.pagePath}
          dangerouslySetInnerHTML={{ __html: shared.code }}
        />
      )
    }),
  )
}
