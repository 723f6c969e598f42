/**
 * Gatsby configuration (gatsby-config API): site metadata, plugins, typegen and the JSX runtime.
 * The site address comes from data/business.json, the one place the business's facts live.
 */
import type { GatsbyConfig } from "gatsby"
import business from "./data/business.json"
import { readWranglerConfig } from "./scripts/wrangler-config.cjs"
import { contentSources } from "./src/build-time/content-sources"
import { retentionMonths } from "./src/lib/estimate/inbox-contract"

const sources = contentSources(process.env)

const config: GatsbyConfig = {
  siteMetadata: {
    title: business.name,
    siteUrl: business.siteUrl,
    // The host's retention (wrangler.jsonc's vars), which the privacy page prints: out of range stops the build.
    leadsRetentionMonths: retentionMonths(readWranglerConfig().vars?.LEADS_RETENTION_MONTHS),
  },
  // Pages are written as folder/index.html and linked as /folder/, which both hosts serve with no redirect.
  trailingSlash: "always",
  jsxRuntime: "automatic",
  jsxImportSource: "@emotion/react",
  graphqlTypegen: {
    typesOutputPath: "types/gatsby-types.d.ts",
    generateOnBuild: true,
  },
  plugins: [
    "gatsby-plugin-react-helmet",
    // The browser's react-helmet: the site's own, a fraction of the package's weight (plugins/browser-helmet).
    "browser-helmet",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    // data/ and src/images/, and in the tests' build their sample projects and photos beside them.
    ...sources.data.map(dir => ({ resolve: "gatsby-source-filesystem", options: { name: "data", path: dir } })),
    ...sources.images.map(dir => ({ resolve: "gatsby-source-filesystem", options: { name: "images", path: dir } })),
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: ["/404/", "/404.html", "/dev-404-page/"],
      },
    },
  ],
}

export default config
