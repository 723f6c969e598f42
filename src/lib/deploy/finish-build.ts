/**
 * The last step of a build, run by gatsby-node.ts › onPostBuild: gathers each page's Emotion styles into its
 * <head> and has its bundles load after the first paint, then completes public/_headers with the hashes of
 * every inline script and style the pages now carry, the EmailJS origin the form sends to, Google's tag's
 * origins when the build loads it, and the caching rules.
 */
import fs from "fs"
import path from "path"
import { loadBundlesAfterFirstPaint } from "./after-first-paint"
import { gatherEmotionStyles } from "./emotion-styles"
import { completeHeaders, isHashedAsset, pagePathOf } from "./headers"
import { cspHash, inlineCode } from "./inline-code"

export interface FinishedBuild {
  pages: number
  scriptHashes: string[]
  styleHashes: string[]
}

/** The built pages, relative to public/: Gatsby's own fragments under _gatsby/ are not served as pages. */
export function builtPages(publicDir: string): string[] {
  return (fs.readdirSync(publicDir, { recursive: true }) as string[])
    .map(file => file.split(path.sep).join("/"))
    .filter(file => file.endsWith(".html") && !file.startsWith("_gatsby/") && !file.startsWith("page-data/"))
    .filter(file => fs.statSync(path.join(publicDir, file)).isFile())
    .sort()
}

export function finishBuild(publicDir: string, emailjsOrigin: string, googleTag = false): FinishedBuild {
  const pages = builtPages(publicDir)
  const rewritten = gatherEmotionStyles(pages.map(file => fs.readFileSync(path.join(publicDir, file), "utf8"))).map(
    loadBundlesAfterFirstPaint,
  )
  pages.forEach((file, index) => fs.writeFileSync(path.join(publicDir, file), rewritten[index]))

  const code = rewritten.map(inlineCode)
  const scriptHashes = [...new Set(code.flatMap(page => page.scripts).map(cspHash))]
  // Emotion's browser runtime adds an empty <style> and fills it with insertRule for any style the pages did
  // not carry; the policy must allow that empty element.
  const styleHashes = [
    ...new Set([...code.flatMap(page => [...page.styles, ...page.styleAttributes]), ""].map(cspHash)),
  ]

  const headersFile = path.join(publicDir, "_headers")
  const headers = completeHeaders(fs.readFileSync(headersFile, "utf8"), {
    scriptHashes,
    styleHashes,
    emailjsOrigin,
    googleTag,
    hashedAssetPaths: fs
      .readdirSync(publicDir)
      .filter(isHashedAsset)
      .map(file => `/${file}`),
    pagePaths: pages.map(pagePathOf),
  })
  fs.writeFileSync(headersFile, headers)
  return { pages: pages.length, scriptHashes, styleHashes }
}
