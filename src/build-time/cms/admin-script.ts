/*
 * The content manager's own script, /admin/admin.js: src/admin/ bundled for the browser with esbuild at build
 * time (the photo guard, the preview pane, which renders the site's own components with the site's own React,
 * and the banner that follows a publish until it is live, with this build's settings: live-banner.ts).
 * Gatsby-only code is replaced by what the preview can supply: "gatsby" by src/admin/preview/gatsby-shim
 * (links, static queries read from the built site's /page-data/), react-helmet by nothing, and each `graphql`
 * tag by its hash, computed as Gatsby's Babel plugin (babel-plugin-remove-graphql-queries) does: murmurhash of
 * the query stripped of ignored characters, seed 0. Gatsby names a static query's result file by that hash.
 */
import type { Plugin } from "esbuild"
import fs from "fs"
import { murmurhash } from "gatsby-core-utils/murmurhash"
import { stripIgnoredCharacters } from "graphql"
import path from "path"
import { EMAILJS_VARIABLES } from "../../lib/estimate/config"
import { LIVE_BANNER_SETTINGS, liveBannerSettings } from "./live-banner"

export const ADMIN_SCRIPT = "admin.js"

// A tag whose text is a query or fragment (not the word in a comment).
const GRAPHQL_TAG = /\bgraphql`(\s*(?:query|fragment)\b[^`]*)`/g

/** The hash Gatsby gives the query in a `graphql` tag. */
export const queryHash = (text: string) => String(murmurhash(stripIgnoredCharacters(text), 0))

const queryHashes: Plugin = {
  name: "gatsby-query-hashes",
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, "utf8")
      const contents = source.replace(GRAPHQL_TAG, (_tag, text: string) => JSON.stringify(queryHash(text)))
      return { contents, loader: file.endsWith(".tsx") ? "tsx" : "ts" }
    })
  },
}

/**
 * The content manager's script (src/admin/index.ts), with the live banner's settings from `env`, its only settings
 * from the build; `developing` under `gatsby develop` (`npm run cms`).
 */
export const buildAdminScript = (root: string, env: NodeJS.ProcessEnv = {}, developing = false) =>
  bundleAdminScript(root, "index.ts", { [LIVE_BANNER_SETTINGS]: JSON.stringify(liveBannerSettings(env, developing)) })

/**
 * The Leads view's script (src/admin/leads/), with the EmailJS settings of `env` that the public pages use, for
 * the test send: its only settings from the build.
 */
export const buildLeadsScript = (root: string, env: NodeJS.ProcessEnv) =>
  bundleAdminScript(
    root,
    "leads/index.ts",
    Object.fromEntries(EMAILJS_VARIABLES.map(name => [`process.env.${name}`, JSON.stringify(env[name] ?? "")])),
  )

/**
 * The bundled script's text; `root` is the project's folder, `entry` the script's file in src/admin/, `settings`
 * the build's settings the script may read (`process.env.NAME` or a declared global to its value as code); every
 * other `process.env.NAME` is undefined.
 */
export async function bundleAdminScript(
  root: string,
  entry: string,
  settings: Record<string, string> = {},
): Promise<string> {
  const adminDir = path.join(root, "src", "admin")
  // Loaded when used: esbuild refuses to load in the tests' browser-like environment, which imports this file.
  const esbuild = await import("esbuild")
  const result = await esbuild.build({
    entryPoints: [path.join(adminDir, entry)],
    absWorkingDir: root,
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    target: "es2020",
    jsx: "automatic",
    jsxImportSource: "@emotion/react",
    alias: {
      gatsby: path.join(adminDir, "preview", "gatsby-shim.tsx"),
      "react-helmet": path.join(adminDir, "preview", "helmet-shim.tsx"),
    },
    // The public pages' other settings (GATSBY_*) stay out: the preview sends no estimate and loads no tag.
    define: { ...settings, "process.env.NODE_ENV": '"production"', "process.env": "{}" },
    legalComments: "none",
    logLevel: "silent",
    plugins: [queryHashes],
  })
  return result.outputFiles[0].text
}
