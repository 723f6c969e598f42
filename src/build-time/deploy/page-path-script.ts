/**
 * Gatsby's loader script starts `window.pagePath="/locations/lehi";`: a different inline script on every
 * page, so a Content-Security-Policy would need one hash per page. The path moves into a data attribute
 * and the script reads it from there, which makes the script the same on every page.
 */
const PAGE_PATH_ASSIGNMENT = /window\.pagePath=("(?:[^"\\]|\\.)*");/

export const SHARED_PAGE_PATH_ASSIGNMENT = "window.pagePath=document.currentScript.dataset.pagePath;"

export interface SharedLoaderScript {
  pagePath: string
  code: string
}

/** Splits the page's path out of the loader script; throws if Gatsby's script no longer has that shape. */
export function shareLoaderScript(code: string): SharedLoaderScript {
  const match = PAGE_PATH_ASSIGNMENT.exec(code)
  if (!match)
    throw new Error(
      "gatsby-ssr: Gatsby's gatsby-script-loader script no longer assigns window.pagePath; " +
        "update src/build-time/deploy/page-path-script.ts",
    )
  return {
    pagePath: JSON.parse(match[1]) as string,
    code: code.replace(match[0], SHARED_PAGE_PATH_ASSIGNMENT),
  }
}
