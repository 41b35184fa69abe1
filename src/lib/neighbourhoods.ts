import type { Payload } from 'payload'

import {
  neighbourhoodWhere,
  pickVibeTags,
  VIBE_TAG_SOURCE_ROWS,
  type NeighbourhoodFilter,
  type NeighbourhoodOrder,
} from '../rules/neighbourhoodSearch'

export interface NeighbourhoodView {
  id: number
  name: string
  slug: string
  tagline: string
  vibes: string[]
  imageUrl: string | null
  latitude: number | null
  longitude: number | null
  /** The creator's user id (the detail page shows 'Edit Neighbourhood' to them only). */
  createdBy?: number | null
  reviewCount: number
  averageRating: number | null
}

type MediaDoc = { url?: string | null; sizes?: Record<string, { url?: string | null }> }

function imageUrl(image: unknown, size: 'card' | 'hero'): string | null {
  if (!image || typeof image !== 'object') return null
  const media = image as MediaDoc
  return media.sizes?.[size]?.url ?? media.url ?? null
}

/** Average and count per neighbourhood in one aggregate query (no N+1). */
async function ratingSummaries(payload: Payload, ids: number[]) {
  const summary = new Map<number, { count: number; average: number | null }>()
  if (!ids.length) return summary
  type Pool = { query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }> }
  const pool = (payload.db as unknown as { pool: Pool }).pool
  const { rows } = (await pool.query(
    `SELECT neighbourhood_id AS id, count(*)::int AS count, avg(rating)::float AS average
       FROM reviews WHERE neighbourhood_id = ANY($1) AND hidden IS NOT TRUE
       GROUP BY neighbourhood_id`,
    [ids],
  )) as { rows: { id: number; count: number; average: number }[] }
  for (const row of rows) summary.set(row.id, { count: row.count, average: row.average })
  return summary
}

function toView(
  doc: Record<string, unknown>,
  size: 'card' | 'hero',
): Omit<NeighbourhoodView, 'reviewCount' | 'averageRating'> {
  return {
    id: doc.id as number,
    name: doc.name as string,
    slug: doc.slug as string,
    tagline: (doc.tagline as string) ?? '',
    vibes: (doc.vibes as string[]) ?? [],
    imageUrl: imageUrl(doc.image, size),
    latitude: (doc.latitude as number) ?? null,
    longitude: (doc.longitude as number) ?? null,
    createdBy:
      doc.createdBy && typeof doc.createdBy === 'object'
        ? ((doc.createdBy as { id: number }).id ?? null)
        : ((doc.createdBy as number | undefined) ?? null),
  }
}

export async function listNeighbourhoods(payload: Payload): Promise<NeighbourhoodView[]> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    sort: 'name',
    limit: 500,
    depth: 1,
  })
  const summary = await ratingSummaries(
    payload,
    docs.map((d) => d.id),
  )
  return docs.map((doc) => {
    const s = summary.get(doc.id)
    return {
      ...toView(doc as never, 'card'),
      reviewCount: s?.count ?? 0,
      averageRating: s?.average ?? null,
    }
  })
}

export async function findNeighbourhood(
  payload: Payload,
  slug: string,
): Promise<NeighbourhoodView | null> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    where: { slug: { equals: slug } },
    limit: 1,
    depth: 1,
  })
  const doc = docs[0]
  if (!doc) return null
  const s = (await ratingSummaries(payload, [doc.id])).get(doc.id)
  return {
    ...toView(doc as never, 'hero'),
    reviewCount: s?.count ?? 0,
    averageRating: s?.average ?? null,
  }
}

export async function suggestions(payload: Payload, limit = 4): Promise<NeighbourhoodView[]> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    sort: '-createdAt',
    limit,
    depth: 1,
  })
  return docs.map((doc) => ({
    ...toView(doc as never, 'card'),
    reviewCount: 0,
    averageRating: null,
  }))
}

/** What a neighbourhood card shows (SPEC §2 home and list grids); built from a REST or Local API doc. */
export type NeighbourhoodCardView = Pick<
  NeighbourhoodView,
  'id' | 'name' | 'slug' | 'tagline' | 'vibes' | 'imageUrl'
>

export function neighbourhoodCard(doc: unknown): NeighbourhoodCardView {
  const { id, name, slug, tagline, vibes, imageUrl } = toView(
    doc as Record<string, unknown>,
    'card',
  )
  return { id, name, slug, tagline, vibes, imageUrl }
}

export interface NeighbourhoodCardPage {
  cards: NeighbourhoodCardView[]
  totalDocs: number
  hasNextPage: boolean
}

/**
 * One page of cards at build, with the same filter, order and size the islands ask the REST API
 * for (src/rules/neighbourhoodSearch.ts), so the static HTML is what the island would show.
 */
export async function neighbourhoodCardPage(
  payload: Payload,
  filter: NeighbourhoodFilter,
  { limit, order }: { limit: number; order: NeighbourhoodOrder },
): Promise<NeighbourhoodCardPage> {
  const result = await payload.find({
    collection: 'neighbourhoods',
    where: neighbourhoodWhere(filter),
    sort: order === 'newest' ? '-createdAt' : 'name',
    limit,
    depth: 1,
    overrideAccess: false,
  })
  return {
    cards: result.docs.map(neighbourhoodCard),
    totalDocs: result.totalDocs,
    hasNextPage: result.hasNextPage,
  }
}

/** SPEC §9 home vibe tags: at most 6 unique vibes from the first 20 neighbourhoods (by name). */
export async function homeVibeTags(payload: Payload): Promise<string[]> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    sort: 'name',
    limit: VIBE_TAG_SOURCE_ROWS,
    depth: 0,
    select: { vibes: true },
  })
  return pickVibeTags(docs as { vibes?: string[] | null }[])
}
