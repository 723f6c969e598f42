/**
 * Gatsby Node API: onCreateWebpackConfig. The browser bundles (and `gatsby develop`'s) take react-helmet from
 * src/lib/browser-helmet.tsx, which follows a client-side navigation's metadata without the package's weight;
 * the HTML renderer keeps the real package, which gatsby-plugin-react-helmet asks for every page's <head>.
 * A local plugin, so that gatsby-node.ts keeps to the schema, the data's validation and the pages.
 */
const path = require("node:path")

const BROWSER_STAGES = ["build-javascript", "develop"]

exports.onCreateWebpackConfig = ({ stage, actions, plugins }) => {
  if (!BROWSER_STAGES.includes(stage)) return
  actions.setWebpackConfig({
    resolve: { alias: { "react-helmet$": path.resolve(__dirname, "../../src/lib/browser-helmet.tsx") } },
    // Gatsby's own Head API handler, which no page of this site uses (head-export-handler.js).
    plugins: [
      plugins.normalModuleReplacement(
        /[\\/]head[\\/]head-export-handler-for-browser(\.js)?$/,
        path.resolve(__dirname, "head-export-handler.js"),
      ),
    ],
  })
}
