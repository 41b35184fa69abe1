import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import { query, sql } from '@/server/database/db'

/**
 * Staff deleting a neighbourhood delete what belongs only to it (reviews, stories, local spots,
 * safety alerts, lost and found, market items, each through Payload so their own cleanup runs);
 * events, discussions and polls may stand alone, so they just lose the link; its followers stop
 * following. Same transaction: all or nothing.
 */
export const deleteNeighbourhoodContent: CollectionBeforeDeleteHook = async ({ id, req }) => {
  for (const collection of [
    'reviews',
    'stories',
    'local-businesses',
    'safety-alerts',
    'lost-found-posts',
  ] as CollectionSlug[]) {
    await req.payload.delete({
      collection,
      where: { neighbourhood: { equals: id } },
      req,
      overrideAccess: true,
    })
  }
  await query(req, sql`DELETE FROM follows WHERE neighbourhood_id = ${id}`)
  for (const table of ['events', 'discussions', 'polls']) {
    await query(
      req,
      sql`UPDATE ${sql.raw(table)} SET neighbourhood_id = NULL WHERE neighbourhood_id = ${id}`,
    )
  }
}
