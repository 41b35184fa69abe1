import type { Payload } from 'payload'

import { FEED_TYPES, homeFeedQueries, toFeedCard, type HomeFeeds } from '@/views/home'

/** The four feeds at build, read as a signed-out visitor would (hidden and private content excluded). */
export async function loadHomeFeeds(payload: Payload, now = new Date()): Promise<HomeFeeds> {
  const queries = homeFeedQueries(now)
  const entries = await Promise.all(
    FEED_TYPES.map(async (type) => {
      const q = queries[type]
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
