/**
 * react-helmet as the browser bundles have it (plugins/browser-helmet aliases the package to this file there).
 * The pages' metadata is written into the HTML at build time by the real react-helmet
 * (gatsby-plugin-react-helmet's server rendering, and the unit tests' Helmet.peek()); in the browser it only
 * has to follow a client-side navigation: the new page's title, its description, canonical link, Open Graph
 * tags and JSON-LD. This does that with what the site's <Helmet>s use (htmlAttributes and <title>, <meta>,
 * <link> and <script> children) in about 0.5 KB compressed, where the package and its two dependencies weighed
 * 4.4 KB on every page's first load.
 *
 * Like react-helmet: the last <Helmet> mounted that has a title names the page; the other tags of every mounted
 * <Helmet> are the head's elements marked data-react-helmet, in the built pages' order (ORDER). The elements the
 * build wrote compare equal on the first load, in whatever order, and are left as they are.
 */
import { Children, isValidElement, useEffect, useRef, type ReactElement, type ReactNode } from "react"

export interface HelmetProps {
  htmlAttributes?: { lang?: string }
  children?: ReactNode
}

type TagProps = Record<string, unknown> & { children?: ReactNode }

const MARK = "data-react-helmet"
// The order the built pages have them in: gatsby-plugin-react-helmet gives links, metas, scripts, and Gatsby's
// HTML renderer moves every <meta> to the front.
const ORDER = ["meta", "link", "script"]
const ATTRIBUTE_NAMES: Record<string, string> = { className: "class", httpEquiv: "http-equiv", charSet: "charset" }

const mounted = new Map<object, HelmetProps>()
let scheduled = false

const textOf = (children: ReactNode): string => Children.toArray(children).join("")

function elementFor(tag: string, props: TagProps): HTMLElement {
  const element = document.createElement(tag)
  element.setAttribute(MARK, "true")
  for (const [name, value] of Object.entries(props))
    if (name !== "children" && value !== undefined && value !== null && value !== false)
      element.setAttribute(ATTRIBUTE_NAMES[name] ?? name, String(value))
  if (props.children !== undefined) element.textContent = textOf(props.children)
  return element
}

/** Whether two lists hold equal elements, in any order. */
function sameElements(have: Element[], want: Element[]): boolean {
  const left = [...have]
  return (
    have.length === want.length &&
    want.every(element => {
      const index = left.findIndex(candidate => candidate.isEqualNode(element))
      return index >= 0 && left.splice(index, 1).length === 1
    })
  )
}

function updateHead() {
  scheduled = false
  let title: string | undefined
  let lang: string | undefined
  const tags: HTMLElement[] = []
  for (const props of mounted.values()) {
    lang = props.htmlAttributes?.lang ?? lang
    for (const child of Children.toArray(props.children)) {
      if (!isValidElement(child) || typeof child.type !== "string") continue
      const { type, props: tagProps } = child as ReactElement<TagProps, string>
      if (type === "title") title = textOf(tagProps.children)
      else if (ORDER.includes(type)) tags.push(elementFor(type, tagProps))
    }
  }
  tags.sort((a, b) => ORDER.indexOf(a.localName) - ORDER.indexOf(b.localName))
  if (title !== undefined && document.title !== title) document.title = title
  if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang
  const current = Array.from(document.head.querySelectorAll(ORDER.map(tag => `${tag}[${MARK}]`).join(",")))
  if (sameElements(current, tags)) return
  current.forEach(element => element.remove())
  document.head.append(...tags)
}

// Once per commit: a navigation unmounts the old page's <Helmet>s and mounts the new page's in one.
function scheduleUpdate() {
  if (scheduled) return
  scheduled = true
  queueMicrotask(updateHead)
}

export function Helmet(props: HelmetProps) {
  const key = useRef({}).current
  useEffect(() => {
    mounted.set(key, props)
    scheduleUpdate()
  })
  useEffect(
    () => () => {
      mounted.delete(key)
      scheduleUpdate()
    },
    [key],
  )
  return null
}
