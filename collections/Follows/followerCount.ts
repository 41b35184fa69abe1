import type { Payload, PayloadRequest } from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { pgPool, query, sql } from '@/server/database/db'
import { channels, publish } from '@/server/services/realtime'

/**
 * A neighbourhood's follower count as the write sees it, pushed to its open pages once the write
 * commits (follow.changed on neighbourhood-{id}).
 */
export async function countAndPushFollowers(
  req: PayloadRequest,
  neighbourhood: number,
): Promise<number> {
  const [counted] = await query<{ n: number }>(
    req,
    sql`SELECT count(*)::int AS n FROM follows WHERE neighbourhood_id = ${neighbourhood}`,
  )
  const count = counted?.n ?? 0
  // Bulk jobs (the seed, before the realtime server is up) switch live pushes off.
  if (req.context?.disableLive) return count
  afterCommit(req, () =>
    publish(channels.neighbourhood(neighbourhood), 'follow.changed', { neighbourhood, count }),
  )
  return count
}

/** How many follow the neighbourhood, and whether this member does (null for a visitor). */
export async function followerState(payload: Payload, neighbourhood: number, user: number | null) {
  const { rows } = await pgPool(payload).query<{ count: number; mine: boolean }>(
    `SELECT count(*)::int AS count, coalesce(bool_or(user_id = $2), false) AS mine
       FROM follows WHERE neighbourhood_id = $1`,
    [neighbourhood, user],
  )
  return {
    neighbourhood,
    count: rows[0]?.count ?? 0,
    following: user === null ? null : Boolean(rows[0]?.mine),
  }
}
