import type { Payload, Where } from 'payload'

import { LOST_FOUND_PAGE_SIZE } from '@/rules/lostFound'
import {
  parseLostFoundFilters,
  toLostFoundView,
  type LostFoundFilters,
  type LostFoundView,
} from '@/views/lostFound'
import { neighbourhoodRef, type NeighbourhoodRef } from './discussions'

export interface LostFoundListPage {
  neighbourhood: NeighbourhoodRef & { latitude: number | null; longitude: number | null }
  filters: LostFoundFilters
  posts: LostFoundView[]
  page: number
  totalPages: number
  totalDocs: number
}

const POPULATE = {
  neighbourhoods: { slug: true, name: true },
  media: { url: true, filename: true, sizes: true, alt: true },
} as const

/** A neighbourhood's own point, where a post's place picker opens; null: it has none. */
export async function neighbourhoodPoint(
  payload: Payload,
  id: number,
): Promise<[number, number] | null> {
  const { latitude, longitude } = await payload.findByID({
    collection: 'neighbourhoods',
    id,
    select: { latitude: true, longitude: true },
    depth: 0,
    overrideAccess: false,
  })
  return latitude == null || longitude == null ? null : [Number(latitude), Number(longitude)]
}

/**
 * /neighbourhood/{slug}/lost-found: one page of its posts, newest first, for the URL's filters,
 * as a visitor reads them (hidden ones never). Reunited posts stay, marked so.
 */
export async function loadLostFoundList(
  payload: Payload,
  slug: string,
  url: URL,
): Promise<LostFoundListPage | null> {
  const ref = await neighbourhoodRef(payload, slug)
  if (!ref) return null
  const place = await neighbourhoodPoint(payload, ref.id)
  const filters = parseLostFoundFilters(url.searchParams)
  const where: Where[] = [{ neighbourhood: { equals: ref.id } }]
  if (filters.kind) where.push({ kind: { equals: filters.kind } })
  if (filters.what) where.push({ what: { equals: filters.what } })
  if (filters.open) where.push({ status: { equals: 'open' } })
  const found = await payload.find({
    collection: 'lost-found-posts',
    where: { and: where },
    sort: '-createdAt',
    page: filters.page,
    limit: LOST_FOUND_PAGE_SIZE,
    depth: 1,
    populate: POPULATE,
    overrideAccess: false,
  })
  return {
    neighbourhood: {
      ...ref,
      latitude: place?.[0] ?? null,
      longitude: place?.[1] ?? null,
    },
    filters,
    posts: found.docs.map(toLostFoundView),
    page: found.page ?? 1,
    totalPages: found.totalPages,
    totalDocs: found.totalDocs,
  }
}

/** /lost-found/{id}: the post as a visitor may see it (a hidden one is not found). */
export async function loadLostFoundPost(
  payload: Payload,
  rawId: string,
): Promise<LostFoundView | null> {
  if (!/^\d{1,9}$/.test(rawId)) return null
  const doc = await payload.findByID({
    collection: 'lost-found-posts',
    id: Number(rawId),
    depth: 1,
    populate: POPULATE,
    overrideAccess: false,
    disableErrors: true,
  })
  return doc ? toLostFoundView(doc) : null
}

/** How many of a neighbourhood's posts are still open (its page's tab shows it). */
export async function openLostFoundCount(payload: Payload, neighbourhood: number): Promise<number> {
  const { totalDocs } = await payload.count({
    collection: 'lost-found-posts',
    where: { neighbourhood: { equals: neighbourhood }, status: { equals: 'open' } },
    overrideAccess: false,
  })
  return totalDocs
}
