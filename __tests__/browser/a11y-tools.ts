/*
 * Measuring tools the accessibility tests install in their pages with context.addInitScript: WCAG
 * contrast between computed colours, the background an element really sits on, and what keyboard focus
 * looks like. They run inside Chromium, so installA11yTools must not use anything from this module.
 */
import type { BrowserContext, Page } from "playwright-core"

export type Rgba = [number, number, number, number]

export interface FocusRecord {
  /** tag, text and href of the focused element, or null when focus is on the page itself. */
  name: string | null
  /** The element's position among the page's tabbable elements (tabbables()), or -1. */
  index: number
  outline: string
  /** Width in CSS px of the outline, or of the widest box-shadow ring. */
  ringWidth: number
  /** Lowest contrast between the focus ring and what is just outside it; null when there is no ring. */
  ringContrast: number | null
  /** Whether the focused element is in the viewport and not covered by another element (the sticky header). */
  visible: boolean
  coveredBy: string | null
  /** Whether the browser shows it as keyboard focus (:focus-visible), which is what its focus styles key on. */
  focusVisible: boolean
  /** The contrast of its text while it has keyboard focus. */
  texts: TextContrast[]
  /** The element inspectFocus was asked to keep clear of, when it is drawn over any part of this one. */
  under: string | null
}

export interface TextContrast {
  name: string
  text?: string
  color: string
  background: string | null
  ratio: number | null
  large: boolean
}

export interface A11yTools {
  parse: (colour: string) => Rgba | null
  contrast: (a: Rgba, b: Rgba) => number
  /** The opaque colour behind an element's content: its own and its ancestors' backgrounds, composited. */
  backgroundOf: (element: Element) => Rgba | null
  /** Visible, enabled elements in the sequential focus order, in DOM order. */
  tabbables: () => HTMLElement[]
  describe: (element: Element) => string
  /**
   * Looks at the focused element once its transitions (0.01 ms under reduced motion) have ended; `clearOf` names
   * an element (a selector) that must cover no part of it, as the phone's action bar must not.
   */
  inspectFocus: (clearOf?: string) => Promise<FocusRecord>
  textContrast: (element: Element) => TextContrast
  /** The contrast of each piece of text in an element: the element itself and descendants with their own text. */
  textContrasts: (element: Element) => TextContrast[]
  /** Ends running animations and transitions at their final values, and resolves once a frame has been drawn. */
  settled: () => Promise<unknown>
}

declare global {
  interface Window {
    a11y: A11yTools
  }
}

export function installA11yTools() {
  const parse = (colour: string): Rgba | null => {
    if (colour === "transparent") return [0, 0, 0, 0]
    const match = /^rgba?\(([^)]+)\)$/.exec(colour.trim())
    if (!match) return null
    const [r, g, b, a = 1] = match[1].split(/[\s,/]+/).map(Number)
    return [r, g, b, a]
  }

  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const alpha = top[3] + bottom[3] * (1 - top[3])
    if (alpha === 0) return [0, 0, 0, 0]
    const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / alpha
    return [mix(0), mix(1), mix(2), alpha]
  }

  const luminance = ([r, g, b]: Rgba) => {
    const channel = (value: number) => {
      const s = value / 255
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
  }

  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100
  }

  const rgb = (colour: Rgba) => `rgb(${colour.slice(0, 3).map(Math.round).join(", ")})`

  // Walks up the ancestors compositing their backgrounds until one is opaque; the canvas is white.
  // An ancestor with a background image (none on this site behind text) makes the colour unknown.
  const backgroundOf = (element: Element): Rgba | null => {
    const layers: Rgba[] = []
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.backgroundImage !== "none") return null
      const colour = parse(style.backgroundColor)
      if (!colour) return null
      if (colour[3] > 0) layers.push(colour)
      if (colour[3] >= 1) break
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])
  }

  const isShown = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0

  const tabbables = () =>
    Array.from(
      document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]"),
    ).filter(
      element =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        !(element instanceof HTMLInputElement && element.type === "hidden") &&
        !element.closest("[inert]") &&
        isShown(element),
    )

  const describe = (element: Element) => {
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)
    const href = element.getAttribute("href")
    const id = element.id ? `#${element.id}` : ""
    return `<${element.tagName.toLowerCase()}${id}> "${text}"${href ? ` ${href}` : ""}`
  }

  // The element at (x, y) that is not the given element or inside it.
  const behind = (element: Element, x: number, y: number) =>
    document.elementsFromPoint(x, y).find(hit => hit !== element && !element.contains(hit)) ?? document.body

  // Jumping to the end gives the values waiting for it would (the tests measure what a visitor sees once the
  // motion stops) without the wait: a hover's colour change or a 0.01 ms transition under reduced motion
  // otherwise costs a frame or more on every Tab press. Then a frame, so code that acts after one (the phone
  // action bar's IntersectionObserver) has seen the page as it now is.
  const settled = () => {
    for (const animation of document.getAnimations()) animation.finish()
    return new Promise(resolve => requestAnimationFrame(resolve))
  }

  /** The element `selector` names, if it is drawn over any part of `element` on screen and does not hold it. */
  const overlappedBy = (element: Element, selector: string) => {
    const cover = document.querySelector(selector)
    if (!cover || cover.contains(element) || !cover.checkVisibility()) return null
    const a = element.getBoundingClientRect()
    const b = cover.getBoundingClientRect()
    const left = Math.max(a.left, b.left, 0)
    const right = Math.min(a.right, b.right, innerWidth)
    const top = Math.max(a.top, b.top, 0)
    const bottom = Math.min(a.bottom, b.bottom, innerHeight)
    if (right <= left || bottom <= top) return null
    // Over it, not under it: what is drawn where the two meet is the cover's (an open menu lies above the bar).
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2)
    return hit && cover.contains(hit) ? describe(cover) : null
  }

  const inspectFocus = async (clearOf?: string): Promise<FocusRecord> => {
    await settled()
    const element = document.activeElement
    if (!element || element === document.body) {
      return {
        name: null,
        index: -1,
        outline: "",
        ringWidth: 0,
        ringContrast: null,
        visible: false,
        coveredBy: null,
        focusVisible: false,
        texts: [],
        under: null,
      }
    }
    const style = getComputedStyle(element)
    const outlineWidth = style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth)
    const shadowWidths = Array.from(style.boxShadow.matchAll(/(-?[\d.]+)px(?= *(?:inset)?(?:,|$))/g), m => Number(m[1]))
    const ringWidth = Math.max(outlineWidth, ...shadowWidths, 0)

    // The ring is drawn outside the border box at outline-offset; compare its colour with what lies just
    // beyond it on each side, which is what a reader sees it against.
    const rect = element.getBoundingClientRect()
    let ringContrast: number | null = null
    const ringColour = parse(style.outlineColor)
    if (outlineWidth > 0 && ringColour) {
      const reach = parseFloat(style.outlineOffset) + outlineWidth + 1
      const clampX = (x: number) => Math.min(Math.max(x, 0), innerWidth - 1)
      const clampY = (y: number) => Math.min(Math.max(y, 0), innerHeight - 1)
      const midX = clampX(rect.left + rect.width / 2)
      const midY = clampY(rect.top + rect.height / 2)
      const points = [
        [midX, rect.top - reach],
        [midX, rect.bottom + reach],
        [rect.left - reach, midY],
        [rect.right + reach, midY],
      ].filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight)
      const ratios = points.map(([x, y]) => {
        const background = backgroundOf(behind(element, x, y))
        return background ? contrast(over(ringColour, background), background) : 0
      })
      ringContrast = ratios.length > 0 ? Math.min(...ratios) : null
    }

    // Visible: some part is inside the viewport, and the middle of that part is the element itself. A link
    // that wraps onto a second line is two boxes, whose union's middle may fall between them: each box is tried.
    let visible = false
    let coveredBy: string | null = null
    for (const box of Array.from(element.getClientRects())) {
      const left = Math.max(box.left, 0)
      const right = Math.min(box.right, innerWidth)
      const top = Math.max(box.top, 0)
      const bottom = Math.min(box.bottom, innerHeight)
      if (right <= left || bottom <= top) continue
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2)
      if (hit && (hit === element || element.contains(hit))) {
        visible = true
        coveredBy = null
        break
      }
      coveredBy = hit ? describe(hit) : null
    }
    return {
      name: describe(element),
      index: tabbables().indexOf(element as HTMLElement),
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow ${style.boxShadow}`,
      ringWidth,
      ringContrast,
      visible,
      coveredBy,
      focusVisible: element.matches(":focus-visible"),
      texts: textContrasts(element),
      under: clearOf ? overlappedBy(element, clearOf) : null,
    }
  }

  const textContrast = (element: Element) => {
    const style = getComputedStyle(element)
    const background = backgroundOf(element)
    const colour = parse(style.color)
    const size = parseFloat(style.fontSize)
    const bold = Number(style.fontWeight) >= 700
    return {
      name: describe(element),
      color: style.color,
      background: background && rgb(background),
      ratio: background && colour ? contrast(over(colour, background), background) : null,
      // WCAG large text: 18pt (24px), or 14pt (18.66px) bold.
      large: size >= 24 || (bold && size >= 18.66),
    }
  }

  const ownText = (element: Element) =>
    Array.from(element.childNodes)
      .filter(node => node.nodeType === Node.TEXT_NODE)
      .map(node => node.textContent ?? "")
      .join("")
      .trim()

  const textContrasts = (element: Element) =>
    [element, ...Array.from(element.querySelectorAll("*"))]
      .filter(node => ownText(node) !== "" && node.checkVisibility({ visibilityProperty: true }))
      .map(node => ({ ...textContrast(node), text: ownText(node).slice(0, 40) }))

  window.a11y = {
    parse,
    contrast,
    backgroundOf,
    tabbables,
    describe,
    inspectFocus,
    textContrast,
    textContrasts,
    settled,
  }
}

/** WCAG 1.4.3: 4.5:1, or 3:1 for large text. */
const requiredContrast = (text: TextContrast) => (text.large ? 3 : 4.5)

/** Each piece of text below WCAG 1.4.3's contrast in a state ("rest", "hover", "focus"), described in one line. */
export const contrastFailures = (state: string, texts: TextContrast[]) =>
  texts
    .filter(text => text.ratio === null || text.ratio < requiredContrast(text))
    .map(
      text =>
        `${state}: ${text.name} text "${text.text}" ${text.color} on ${text.background ?? "an unknown background"}` +
        ` = ${text.ratio ?? "?"}:1, needs ${requiredContrast(text)}:1`,
    )

/** Installs the tools in every page the context opens from now on. */
export const addA11yTools = (target: BrowserContext | Page) =>
  ("context" in target ? target.context() : target).addInitScript(installA11yTools)
