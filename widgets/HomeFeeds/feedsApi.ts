import {
  FEED_TYPES,
  feedQueryPath,
  homeFeedQueries,
  toFeedCard,
  withinNeighbourhoods,
  type FeedDoc,
  type HomeFeeds,
} from '@/views/home'
import type { Page } from '@/views/page'
import { bracketQuery } from '@/rules/neighbourhoodSearch'
import { api } from '@widgets/lib/api'
import { loadSession } from '@widgets/lib/session'

/** The home prefers at most this many followed neighbourhoods (the most recently followed). */
const FOLLOWED_ON_HOME = 50

/**
 * The same four feeds from the REST API (the home island refreshes them after load); with
 * `neighbourhoods`, only what was posted there.
 */
export async function fetchHomeFeeds(
  now = new Date(),
  signal?: AbortSignal,
  neighbourhoods?: number[],
): Promise<HomeFeeds> {
  const queries = homeFeedQueries(now)
  const entries = await Promise.all(
    FEED_TYPES.map(async (type) => {
      const q = neighbourhoods ? withinNeighbourhoods(queries[type], neighbourhoods) : queries[type]
      const res = await fetch(feedQueryPath(q), { signal, credentials: 'omit' })
      if (!res.ok) throw new Error(`${type} feed: ${res.status}`)
      const { docs } = (await res.json()) as Page<FeedDoc>
      return [type, docs.map((doc) => toFeedCard(type, doc))] as const
    }),
  )
  return Object.fromEntries(entries) as HomeFeeds
}

/**
 * A signed-in member's feeds from the neighbourhoods they follow, or null (signed out, or
 * following none): the static home is the same for everyone, so this is read in the browser.
 */
export async function fetchFollowedFeeds(
  now: Date,
  signal?: AbortSignal,
): Promise<HomeFeeds | null> {
  const session = await loadSession()
  if (session.status !== 'signed-in') return null
  const query = bracketQuery({
    where: { user: { equals: session.user.id } },
    sort: '-createdAt',
    limit: FOLLOWED_ON_HOME,
    depth: 0,
    select: { neighbourhood: true },
  })
  const { docs } = await api<Page<{ neighbourhood: number }>>(`/api/follows?${query}`, { signal })
  const ids = docs.map((d) => d.neighbourhood).filter((id) => typeof id === 'number')
  return ids.length > 0 ? fetchHomeFeeds(now, signal, ids) : null
}
