/*
 * The business's facts: the home page, whose header, hero, footer and estimate section show them. The built
 * home page's data, with the Business static query answering the edited facts.
 */
import type { PageProps } from "gatsby"
import HomePage from "../../pages/index"
import { paths } from "../../lib/paths"
import type { PagePreview } from "./preview-kind"
import { builtPage, type BuiltPage } from "./site-data"

type Home = BuiltPage<Queries.HomePageQuery>
type Business = NonNullable<Queries.BusinessQuery["businessJson"]>

/** The facts as the query gives them: every field the query names, null where the entry leaves it out. */
function businessOf(built: Business, entry: Record<string, unknown>): Business {
  const nulls = Object.fromEntries(Object.keys(built).map(key => [key, null]))
  const rating = entry.rating as Business["rating"] | undefined
  return { ...nulls, ...entry, rating: rating?.value && rating.count ? rating : null } as Business
}

export const businessPreview: PagePreview<Home> = {
  key: () => paths.home,
  load: async () => (await builtPage<Queries.HomePageQuery>(paths.home)) ?? "The site has no home page built yet.",
  page: (home, entry) => {
    const staticData = Object.fromEntries(
      Object.entries(home.staticData).map(([hash, data]) => [
        hash,
        "businessJson" in data
          ? { ...data, businessJson: businessOf(data.businessJson as Business, entry.data) }
          : data,
      ]),
    )
    const props = { data: home.data, location: { pathname: paths.home } } as PageProps<Queries.HomePageQuery>
    return { element: <HomePage {...props} />, staticData }
  },
}
