import { createLocalReq, type Payload } from 'payload'

import { readSpots } from '@/data/localSpots'
import { neighbourhoodRef } from '@/loaders/discussions'
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
  const neighbourhood = await neighbourhoodRef(payload, slug)
  if (!neighbourhood) return null
  const req = await createLocalReq({}, payload)
  const list = await readSpots(req, neighbourhood.id, { page: 1, pages })
  if (!list) return null
  return { neighbourhood, list }
}
