/*
 * The service pages, one file holding them all: the page the owner picks above the preview, drawn from its
 * built page with the entry's words in. A new service page, not built yet, borrows the first built one's data
 * for everything the file does not hold (its illustration and projects stay empty).
 */
import { css } from "@emotion/react"
import type { PageProps } from "gatsby"
import { useState } from "react"
import ServicePage from "../../templates/service-page"
import { paths } from "../../lib/paths"
import { colors, fontSizes, space } from "../../styles/theme"
import { list, text, type Entry, type PagePreview } from "./preview-kind"
import { firstBuilt, type BuiltPage } from "./site-data"

type ServiceData = Queries.ServicePageQuery
type Pages = Map<string, BuiltPage<ServiceData>>

const picker = css`
  display: flex;
  gap: ${space.xs};
  align-items: center;
  padding: ${space.xs} ${space.md};
  background: ${colors.concrete};
  font-size: ${fontSizes.small};
`

const pagesOf = (data: Entry) => list<Entry>(data.pages).filter(page => text(page.slug))

function ServicePagePreview({ built, pages }: { built: Pages; pages: Entry[] }) {
  const [slug, setSlug] = useState(text(pages[0]?.slug))
  const page = pages.find(each => each.slug === slug) ?? pages[0]
  const own = built.get(text(page.slug))
  const base = own ?? [...built.values()][0]
  const data: ServiceData = {
    ...base.data,
    servicePagesJson: { ...base.data.servicePagesJson, ...page } as ServiceData["servicePagesJson"],
    servicesJson: own ? base.data.servicesJson : null,
    allProjectsJson: own ? base.data.allProjectsJson : { nodes: [] },
  }
  const props = { data, location: { pathname: paths.service(text(page.slug)) } } as PageProps<ServiceData>
  return (
    <>
      <label css={picker}>
        Page shown in this preview:
        <select value={text(page.slug)} onChange={event => setSlug(event.target.value)}>
          {pages.map(each => (
            <option key={text(each.slug)} value={text(each.slug)}>
              {text(each.name) || text(each.slug)}
            </option>
          ))}
        </select>
      </label>
      <ServicePage {...props} />
    </>
  )
}

export const servicePagesPreview: PagePreview<Pages> = {
  key: ({ data }) => JSON.stringify(pagesOf(data).map(page => page.slug)),
  load: async ({ data }) => {
    const slugs = pagesOf(data).map(page => text(page.slug))
    const built: Pages = new Map()
    for (const slug of slugs) {
      const page = await firstBuilt<ServiceData>([paths.service(slug)])
      if (page?.data.servicePagesJson) built.set(slug, page)
    }
    return built.size > 0 ? built : "The site has no service page built yet."
  },
  page: (built, { data }) => ({
    element: <ServicePagePreview built={built} pages={pagesOf(data)} />,
    staticData: [...built.values()][0].staticData,
  }),
}
