import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import {
  FEED_TYPES,
  homeFeedQueries,
  toFeedCard,
  withinNeighbourhoods,
  type HomeFeeds,
} from '@/views/home'

/**
 * The home's four feeds, read as a signed-out visitor would (hidden and private content
 * excluded): everyone's for the static home, or only what was posted in `neighbourhoods` (a
 * member's followed ones, which their page state carries).
 */
export async function readHomeFeeds(
  payload: Payload,
  now = new Date(),
  neighbourhoods?: number[],
): Promise<HomeFeeds> {
  const queries = homeFeedQueries(now)
  const entries = await Promise.all(
    FEED_TYPES.map(async (type) => {
      const q = neighbourhoods ? withinNeighbourhoods(queries[type], neighbourhoods) : queries[type]
      const { docs } = await payload.find({
        collection: q.collection,
        where: q.where,
        sort: q.sort.split(','),
        limit: q.limit,
        depth: q.depth,
        select: q.select,
        populate: q.populate,
        overrideAccess: false,
      } as Parameters<Payload['find']>[0])
      return [type, docs.map((doc) => toFeedCard(type, doc))] as const
    }),
  )
  return Object.fromEntries(entries) as HomeFeeds
}

/** The home prefers at most this many followed neighbourhoods (the most recently followed). */
const FOLLOWED_ON_HOME = 50

/** A member's feeds from the neighbourhoods they follow, or null when they follow none. */
export async function readFollowedFeeds(
  payload: Payload,
  userId: number,
  now = new Date(),
): Promise<HomeFeeds | null> {
  const { rows } = await pgPool(payload).query<{ id: number }>(
    `SELECT neighbourhood_id AS id FROM follows WHERE user_id = $1
      ORDER BY created_at DESC LIMIT $2`,
    [userId, FOLLOWED_ON_HOME],
  )
  return rows.length
    ? readHomeFeeds(
        payload,
        now,
        rows.map((r) => r.id),
      )
    : null
}
