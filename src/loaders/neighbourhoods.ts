import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import {
  neighbourhoodCard,
  toNeighbourhoodView,
  type NeighbourhoodCardPage,
  type NeighbourhoodView,
} from '@/views/neighbourhood'

import {
  neighbourhoodWhere,
  pickVibeTags,
  VIBE_TAG_SOURCE_ROWS,
  type NeighbourhoodFilter,
  type NeighbourhoodOrder,
} from '@/rules/neighbourhoodSearch'

/** Average and count per neighbourhood in one aggregate query (no N+1). */
async function ratingSummaries(payload: Payload, ids: number[]) {
  const summary = new Map<number, { count: number; average: number | null }>()
  if (!ids.length) return summary
  const { rows } = await pgPool(payload).query<{ id: number; count: number; average: number }>(
    `SELECT neighbourhood_id AS id, count(*)::int AS count, avg(rating)::float AS average
       FROM reviews WHERE neighbourhood_id = ANY($1) AND hidden IS NOT TRUE
       GROUP BY neighbourhood_id`,
    [ids],
  )
  for (const row of rows) summary.set(row.id, { count: row.count, average: row.average })
  return summary
}

export async function findNeighbourhood(
  payload: Payload,
  slug: string,
): Promise<NeighbourhoodView | null> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    where: { slug: { equals: slug } },
    limit: 1,
    // One row by its unique slug: no count query (a full build reads every neighbourhood).
    pagination: false,
    depth: 1,
  })
  const doc = docs[0]
  if (!doc) return null
  const s = (await ratingSummaries(payload, [doc.id])).get(doc.id)
  return {
    ...toNeighbourhoodView(doc, 'hero'),
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
    ...toNeighbourhoodView(doc, 'card'),
    reviewCount: 0,
    averageRating: null,
  }))
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
