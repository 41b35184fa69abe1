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
