import type { LostFoundPost, Media, Neighbourhood } from '@/payload-types'
import {
  KIND_LABEL,
  LOST_FOUND_KINDS,
  LOST_FOUND_WHAT,
  WHAT_LABEL,
  type LostFoundKind,
  type LostFoundWhat,
} from '@/rules/lostFound'
import { parsePage } from '@/rules/paging'
import { mediaUrl, populated, relId } from './media'

/** What a lost and found card and page show; the place is the rounded one stored. */
export interface LostFoundView {
  id: number
  href: string
  kind: LostFoundKind
  kindLabel: string
  what: LostFoundWhat
  whatLabel: string
  title: string
  description: string
  seenAt: string
  latitude: number
  longitude: number
  reunited: boolean
  photos: { src: string; full: string; alt: string }[]
  authorId: number | null
  neighbourhood: { id: number; slug: string; name: string } | null
  createdAt: string
}

export const lostFoundHref = (id: number) => `/lost-found/${id}`
export const lostFoundListHref = (slug: string) => `/neighbourhood/${slug}/lost-found`

export function toLostFoundView(doc: LostFoundPost): LostFoundView {
  const place = populated(doc.neighbourhood as number | Neighbourhood)
  return {
    id: doc.id,
    href: lostFoundHref(doc.id),
    kind: doc.kind,
    kindLabel: KIND_LABEL[doc.kind],
    what: doc.what,
    whatLabel: WHAT_LABEL[doc.what],
    title: doc.title,
    description: doc.description ?? '',
    seenAt: doc.seenAt,
    latitude: Number(doc.latitude),
    longitude: Number(doc.longitude),
    reunited: doc.status === 'reunited',
    photos: (doc.photos ?? []).flatMap((photo) => {
      const media = populated(photo as number | Media)
      const src = mediaUrl(media, 'card')
      const full = mediaUrl(media, 'hero')
      return media && src && full ? [{ src, full, alt: media.alt || doc.title }] : []
    }),
    authorId: relId(doc.author),
    neighbourhood: place ? { id: place.id, slug: place.slug, name: place.name } : null,
    createdAt: doc.createdAt,
  }
}

/** The list's filters, read leniently from the URL (anything unknown is no filter). */
export interface LostFoundFilters {
  kind: LostFoundKind | null
  what: LostFoundWhat | null
  /** Only posts still open (not reunited). */
  open: boolean
  page: number
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null =>
  values.includes(raw as T) ? (raw as T) : null

export function parseLostFoundFilters(query: URLSearchParams): LostFoundFilters {
  return {
    kind: oneOf(LOST_FOUND_KINDS, query.get('kind')),
    what: oneOf(LOST_FOUND_WHAT, query.get('what')),
    open: query.get('open') === '1',
    page: parsePage(query.get('page'), 1_000),
  }
}

/** The list's address with these filters (page 1 unless given). */
export function lostFoundFilterHref(
  slug: string,
  filters: LostFoundFilters,
  change: Partial<LostFoundFilters> = {},
): string {
  const next = { ...filters, page: 1, ...change }
  const params = new URLSearchParams()
  if (next.kind) params.set('kind', next.kind)
  if (next.what) params.set('what', next.what)
  if (next.open) params.set('open', '1')
  if (next.page > 1) params.set('page', String(next.page))
  const query = params.toString()
  return query ? `${lostFoundListHref(slug)}?${query}` : lostFoundListHref(slug)
}

/** 'Lost · Pet' */
export const lostFoundLabel = (post: Pick<LostFoundView, 'kindLabel' | 'whatLabel'>) =>
  `${post.kindLabel} · ${post.whatLabel}`
