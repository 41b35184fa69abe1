import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'

export interface FollowedNeighbourhood {
  name: string
  slug: string
  tagline: string
}

/** The neighbourhoods one member follows, most recently followed first (their profile). */
export async function followedNeighbourhoods(
  payload: Payload,
  user: number,
): Promise<FollowedNeighbourhood[]> {
  const { rows } = await pgPool(payload).query<FollowedNeighbourhood>(
    `SELECT n.name, n.slug, n.tagline FROM follows f JOIN neighbourhoods n ON n.id = f.neighbourhood_id
      WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.id DESC LIMIT 200`,
    [user],
  )
  return rows
}
