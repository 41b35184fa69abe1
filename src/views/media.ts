import type { Media } from '@/payload-types'

/** A relationship as Payload returns it: an id, the populated document, or nothing. */
export type Rel<T extends { id: number } = { id: number }> = number | T | null | undefined

/** The id of a relationship value, whether populated or not. */
export const relId = (value: Rel | unknown): number | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'object'
      ? Number((value as { id: unknown }).id)
      : Number(value)

/** The populated document of a relationship, or null when it is only an id. */
export const populated = <T extends { id: number }>(value: Rel<T>): T | null =>
  value && typeof value === 'object' ? value : null

type MediaSize = keyof NonNullable<Media['sizes']>

/** A sized image when the size exists, else the original file; null without an upload. */
export function mediaUrl(media: Rel<Media>, size?: MediaSize): string | null {
  const m = populated(media)
  if (!m) return null
  const original = m.url ?? (m.filename ? `/api/media/file/${m.filename}` : null)
  return (size && m.sizes?.[size]?.url) || original
}

/** The responsive image of a page: WebP widths for `srcset`, the fallback `src`, its box. */
export interface ResponsiveImage {
  src: string
  /** `url 320w, url 640w, …` of the sizes that exist, or '' when there is only the original. */
  srcset: string
  width: number
  height: number
}

/** Widths a 16:9 image is made in (collections/Media imageSizes), narrowest first. */
const WIDTHS: MediaSize[] = ['thumbnail', 'card', 'hero']

/**
 * The `srcset` of an upload's WebP sizes (collections/Media) with `size` as the fallback `src`;
 * null without an upload. Browsers pick the narrowest file that fills the slot (`sizes`).
 */
export function responsiveImage(media: Rel<Media>, size: MediaSize): ResponsiveImage | null {
  const m = populated(media)
  const src = mediaUrl(media, size)
  if (!m || !src) return null
  const candidates = WIDTHS.flatMap((name) => {
    const s = m.sizes?.[name]
    return s?.url && s.width ? [`${s.url} ${s.width}w`] : []
  })
  const chosen = m.sizes?.[size]
  return {
    src,
    srcset: candidates.join(', '),
    width: chosen?.width ?? m.width ?? 1280,
    height: chosen?.height ?? m.height ?? 720,
  }
}

/** `sizes` of a card image in the site's grids (one column on phones, up to four of ~270 px). */
export const CARD_IMAGE_SIZES = '(max-width: 599px) 92vw, (max-width: 1150px) 45vw, 270px'
/** `sizes` of a page's hero image (the width of the main column, at most 1120 px). */
export const HERO_IMAGE_SIZES = '(max-width: 1150px) 96vw, 1120px'
