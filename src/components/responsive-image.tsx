import { css } from "@emotion/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"

export interface ResponsiveImageProps {
  /** The image data gatsby-plugin-sharp made at build time (a gatsbyImageData field). */
  image: IGatsbyImageData
  alt: string
  /** How wide the image is drawn at each breakpoint, so the browser picks the right file. */
  sizes: string
  /** The image above the fold: fetched at once and first. */
  priority?: boolean
  className?: string
}

// The width and height attributes give the box its aspect ratio before the file arrives, so nothing
// moves when it does. The style sits on <picture>: Emotion writes its <style> just before the element
// it styles, and a <style> is not allowed among a picture's sources.
const fill = css`
  display: block;
  overflow: hidden;
  img {
    display: block;
    width: 100%;
    height: auto;
  }
`

// React 18 does not know the fetchPriority prop yet and warns about it; it passes lowercase attributes on.
const fetchPriorityHigh = { fetchpriority: "high" } as Record<string, string>

/**
 * A plain <picture> (AVIF, WebP, then the original format) for build-time image data. Unlike
 * GatsbyImage it needs no script in the browser: nothing to hydrate, no fade-in, no lazy chunk.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, className }: ResponsiveImageProps) {
  const { fallback, sources = [] } = image.images
  return (
    <picture css={fill} className={className}>
      {sources.map(source => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        {...(priority && fetchPriorityHigh)}
      />
    </picture>
  )
}
