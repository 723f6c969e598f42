/**
 * Gatsby Server Rendering APIs:
 * - onRenderBody: puts in every page's <head> the inline script that holds an estimate form's submit made
 *   before the bundles have run, and gives the browser's own check of its fields the form's words
 *   (src/browser/estimate/early-submit.ts).
 * - wrapRootElement: renders each page with a new cache of the site's Emotion settings (no vendor prefixes,
 *   src/lib/gathered-styles.ts), the same the browser uses, so each page writes every style it uses.
 * - onPreRenderHTML: makes Gatsby's loader script the same on every page (the page's path moves to a data
 *   attribute), so the Content-Security-Policy in each page's <meta> (src/build-time/deploy/policy.ts) allows it
 *   with one hash.
 */
import React from "react"
import { CacheProvider } from "@emotion/react"
import type { GatsbySSR } from "gatsby"
import { shareLoaderScript } from "./src/build-time/deploy/page-path-script"
import { EARLY_SUBMIT_SCRIPT_ID, holdEarlySubmitsScript } from "./src/browser/estimate/early-submit"
import { createSiteCache } from "./src/lib/gathered-styles"

type InlineScriptProps = { id?: string; dangerouslySetInnerHTML?: { __html: string } }

export const wrapRootElement: GatsbySSR["wrapRootElement"] = ({ element }) => (
  <CacheProvider value={createSiteCache()}>{element}</CacheProvider>
)

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  setHeadComponents([
    <script
      key={EARLY_SUBMIT_SCRIPT_ID}
      id={EARLY_SUBMIT_SCRIPT_ID}
      dangerouslySetInnerHTML={{ __html: holdEarlySubmitsScript() }}
    />,
  ])
}

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
