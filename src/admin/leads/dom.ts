/* The Leads view draws with the DOM alone: no framework is loaded for one table and two buttons. */

/** A new element with its text and attributes. */
export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text = "",
  attributes: Record<string, string> = {},
) => {
  const element = document.createElement(tag)
  element.textContent = text
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  return element
}

/** `child` inside a new `tag`, which is returned. */
export const wrap = <K extends keyof HTMLElementTagNameMap>(tag: K, ...children: Node[]) => {
  const element = el(tag)
  element.append(...children)
  return element
}
