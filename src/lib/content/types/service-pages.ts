/*
 * The service pages' copy, data/service-pages.json's `pages`: one page per service, at /services/<slug>/.
 */
import type { ListType } from "../declaration"
import { entry, group, list, paragraph, ref, text } from "../schema-builders"

export const servicePages: ListType = {
  file: "service-pages.json",
  key: "pages",
  noun: "service page",
  display: "name",
  schema: entry("ServicePagesJson", {
    // The service the page describes, which links back to it as its `page`.
    slug: ref("ServicesJson", { back: "page" }),
    name: text(),
    headline: text(),
    intro: paragraph(),
    // The page title adds " | " and the business name; search results cut titles at about 60 characters.
    metaTitle: text({ maxLength: 46, hint: "the page title adds the business name after it" }),
    metaDescription: paragraph(),
    keywords: list(text(), 1),
    serviceType: text(),
    featureLists: list(group("ServiceFeatureList", { heading: text(), items: list(text(), 1) }, { inList: true }), 1),
    sections: list(group("ServiceSection", { heading: text(), paragraphs: list(paragraph(), 1) }, { inList: true }), 1),
    process: list(group("ServiceStep", { title: text(), description: paragraph() }, { inList: true }), 1),
  }),
  editor: {
    label: "Service pages",
    preview: true,
    summary: "{{fields.name}}",
    hints: { slug: "The service this page describes." },
  },
}
