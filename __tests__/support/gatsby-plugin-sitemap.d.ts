// The two functions of gatsby-plugin-sitemap that decide which pages its sitemap lists (the plugin ships no types).
declare module "gatsby-plugin-sitemap/internals" {
  interface SitemapPage {
    path: string
  }
  type FilterPages = (page: SitemapPage, exclude: unknown, tools: object) => boolean
  export const defaultFilterPages: FilterPages
  export function pageFilter(options: { allPages: SitemapPage[]; filterPages: FilterPages; excludes: unknown[] }): {
    filteredPages: SitemapPage[]
    messages: string[]
  }
}
