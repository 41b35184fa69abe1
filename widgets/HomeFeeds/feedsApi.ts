import {
  FEED_TYPES,
  feedQueryPath,
  homeFeedQueries,
  toFeedCard,
  type FeedDoc,
  type HomeFeeds,
} from '@/views/home'
import type { Page } from '@/views/page'

/** The same four feeds from the REST API (the home island refreshes them after load). */
export async function fetchHomeFeeds(now = new Date(), signal?: AbortSignal): Promise<HomeFeeds> {
  const queries = homeFeedQueries(now)
  const entries = await Promise.all(
    FEED_TYPES.map(async (type) => {
      const res = await fetch(feedQueryPath(queries[type]), { signal, credentials: 'omit' })
      if (!res.ok) throw new Error(`${type} feed: ${res.status}`)
      const { docs } = (await res.json()) as Page<FeedDoc>
      return [type, docs.map((doc) => toFeedCard(type, doc))] as const
    }),
  )
  return Object.fromEntries(entries) as HomeFeeds
}
