import { css } from "@emotion/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"

export interface ResponsiveImageProps {
  /** The image data gatsby-plugin-sharp made at build time (a gatsbyImageData field). */
  image: IGatsbyImageData
  alt: string
  /** How wide the image is drawn at each breakpoint, so the browser picks the right file. */
  sizes: string
  /** Lazy (the default) for images below the first screen. */
  loading?: "lazy" | "eager"
  fetchPriority?: "high" | "low"
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

/**
 * A plain <picture> (AVIF, WebP, then the original format) for build-time image data. Unlike
 * GatsbyImage it needs no script in the browser: nothing to hydrate, no fade-in, no lazy chunk.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  loading = "lazy",
  fetchPriority,
  className,
}: ResponsiveImageProps) {
  const { fallback, sources = [] } = image.images
  // React 18 does not know the fetchPriority prop and warns about it; it passes lowercase attributes on.
  const priorityHint = fetchPriority ? ({ fetchpriority: fetchPriority } as Record<string, string>) : {}
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
        loading={loading}
        decoding="async"
        {...priorityHint}
      />
    </picture>
  )
}
