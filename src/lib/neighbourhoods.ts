import type { Payload } from 'payload'

export interface NeighbourhoodView {
  id: number
  name: string
  slug: string
  tagline: string
  vibes: string[]
  imageUrl: string | null
  latitude: number | null
  longitude: number | null
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
