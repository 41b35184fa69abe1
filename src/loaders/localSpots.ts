import { createLocalReq, type Payload } from 'payload'

import { readSpots } from '@collections/LocalBusinesses/spotList'
import type { LocalSpotsScreen } from '@/views/localSpot'

/**
 * /neighbourhood/{slug}/local-spots (SPEC §2 Local spots): the neighbourhood and the first
 * `pages` pages of 9 spots (the same read as GET /api/local-businesses/spots), so the cards are
 * in the HTML before any script runs. Null: no such neighbourhood.
 */
export async function loadLocalSpots(
  payload: Payload,
  slug: string,
  pages: number,
): Promise<LocalSpotsScreen | null> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    where: { slug: { equals: slug } },
    select: { slug: true, name: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: false,
  })
  const n = docs[0]
  if (!n) return null
  const req = await createLocalReq({}, payload)
  const list = await readSpots(req, n.id, { page: 1, pages })
  if (!list) return null
  return { neighbourhood: { id: n.id, slug: n.slug, name: n.name }, list }
}
