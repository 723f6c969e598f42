/**
 * Gatsby configuration (gatsby-config API): site metadata, plugins, typegen and the JSX runtime.
 * The site address comes from data/business.json, the one place the business's facts live.
 */
import type { GatsbyConfig } from "gatsby"
import business from "./data/business.json"

const config: GatsbyConfig = {
  siteMetadata: {
    title: business.name,
    siteUrl: business.siteUrl,
  },
  trailingSlash: "never",
  jsxRuntime: "automatic",
  jsxImportSource: "@emotion/react",
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    generateOnBuild: true,
  },
  plugins: [
    "gatsby-plugin-react-helmet",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "data", path: `${__dirname}/data` },
    },
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "images", path: `${__dirname}/src/images` },
    },
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: ["/404", "/404.html", "/dev-404-page"],
      },
    },
  ],
}

export default config
