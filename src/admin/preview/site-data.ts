/*
 * What the built site already holds for a preview: a page's query result from /page-data/<path>/page-data.json
 * and the static queries it uses from /page-data/sq/d/<hash>.json, as Gatsby's own loader reads them. The
 * content manager is served with the site, so these are the published page's data; each is fetched once.
 */

export interface BuiltPage<T = Record<string, unknown>> {
  path: string
  data: T
  /** The static queries' results the page uses, by hash. */
  staticData: Record<string, Record<string, unknown>>
}

/** Where Gatsby writes a page's data: "/" → index, "/locations/sandy/" → locations/sandy. */
export const pageDataUrl = (path: string) => `/page-data/${path.replace(/^\/+|\/+$/g, "") || "index"}/page-data.json`

const fetched = new Map<string, Promise<unknown>>()

/** A JSON file of the site, or undefined when the site has none (a page not built yet). */
function json(url: string): Promise<unknown> {
  let result = fetched.get(url)
  if (!result) {
    result = fetch(url).then(response => (response.ok ? response.json() : undefined))
    // A failed request is asked again next time rather than remembered.
    result.catch(() => fetched.delete(url))
    fetched.set(url, result)
  }
  return result
}

interface PageDataFile {
  result: { data: Record<string, unknown> }
  staticQueryHashes: string[]
}

/** The built page at `path` with its static queries' results, or undefined when the site has no such page. */
export async function builtPage<T = Record<string, unknown>>(path: string): Promise<BuiltPage<T> | undefined> {
  const file = (await json(pageDataUrl(path))) as PageDataFile | undefined
  if (!file) return undefined
  const results = await Promise.all(
    file.staticQueryHashes.map(async hash => {
      const result = (await json(`/page-data/sq/d/${hash}.json`)) as { data: Record<string, unknown> } | undefined
      return [hash, result?.data ?? {}] as const
    }),
  )
  return { path, data: file.result.data as T, staticData: Object.fromEntries(results) }
}

/** The first of `paths` the site has built. */
export async function firstBuilt<T = Record<string, unknown>>(paths: string[]): Promise<BuiltPage<T> | undefined> {
  for (const path of paths) {
    const page = await builtPage<T>(path)
    if (page) return page
  }
  return undefined
}

/** The static query result holding `field` (businessJson, allCountiesJson …) among a page's. */
export function staticField<T>(page: BuiltPage<unknown>, field: string): T | undefined {
  for (const data of Object.values(page.staticData)) if (field in data) return data[field] as T
  return undefined
}
