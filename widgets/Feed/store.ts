import { map } from 'nanostores'

import { YOUR_FEED_KINDS, YOUR_FEED_LIVE_EVENTS, YOUR_FEED_LIVE_LIMIT } from '@/views/yourFeed'
import { subscribeChannel } from '@widgets/lib/realtime'

export interface FeedLiveState {
  /** The posts announced since the page was rendered ('story-12'), gone ones taken out again. */
  arrived: string[]
  /** 'subscribed' once every followed neighbourhood's channel listens (tests wait for it). */
  live: 'connecting' | 'subscribed'
}

export const $feedLive = map<FeedLiveState>({ arrived: [], live: 'connecting' })

function arrived(key: string) {
  const { arrived: now } = $feedLive.get()
  if (!now.includes(key)) $feedLive.setKey('arrived', [...now, key])
}

function gone(key: string) {
  const { arrived: now } = $feedLive.get()
  const left = now.filter((k) => k !== key)
  if (left.length !== now.length) $feedLive.setKey('arrived', left)
}

/** The created / deleted handlers of every kind of the feed, keyed by kind and id. */
function handlers(): Record<string, (data: unknown) => void> {
  const out: Record<string, (data: unknown) => void> = {}
  for (const kind of YOUR_FEED_KINDS) {
    const entity = YOUR_FEED_LIVE_EVENTS[kind]
    const key = (data: unknown) => `${kind}-${(data as { id: number }).id}`
    out[`${entity}.created`] = (data) => arrived(key(data))
    out[`${entity}.deleted`] = (data) => gone(key(data))
  }
  return out
}

/**
 * Listens to the followed neighbourhoods' channels (at most YOUR_FEED_LIVE_LIMIT) and counts the
 * posts that arrive; the page itself is not changed, the notice offers to read it again. What
 * is sent while the socket is down is not replayed: the notice then undercounts, never lies.
 */
export function watchFeed(neighbourhoods: number[]): () => void {
  const ids = [...new Set(neighbourhoods)].slice(0, YOUR_FEED_LIVE_LIMIT)
  const subscribed = new Set<number>()
  if (ids.length === 0) return () => {}
  const stops = ids.map((id) =>
    subscribeChannel(`neighbourhood-${id}`, handlers(), () => {
      subscribed.add(id)
      if (subscribed.size === ids.length) $feedLive.setKey('live', 'subscribed')
    }),
  )
  return () => stops.forEach((stop) => stop())
}
