import { useEffect, useState, useSyncExternalStore } from 'react'

import { followedFirst, type FeedType, type HomeFeeds as Feeds } from '@/views/home'
import { fetchFollowedFeeds, fetchHomeFeeds } from './feedsApi'
import { vibeListHref } from '@/rules/neighbourhoodSearch'
import { FeedCard } from './FeedCard'
import './HomeFeeds.css'

const SECTIONS: { type: FeedType; title: string; empty: string; more: string }[] = [
  {
    type: 'discussion',
    title: 'Top Discussions',
    empty: 'No discussions yet.',
    more: '/discussions',
  },
  { type: 'story', title: 'Featured Stories', empty: 'No stories available.', more: '/stories' },
  { type: 'poll', title: 'Polls of the Week', empty: 'No polls available.', more: '/polls' },
  { type: 'event', title: 'Upcoming Events', empty: 'No upcoming events.', more: '/event' },
]

/** Relative labels ('2 minutes ago') are refreshed every 15 s. */
const TICK_MS = 15_000
const clockTick = () => Math.floor(Date.now() / TICK_MS)
function subscribeToClock(onTick: () => void) {
  const timer = setInterval(onTick, TICK_MS)
  return () => clearInterval(timer)
}

interface Props {
  initial: Feeds
  vibeTags: string[]
}

/**
 * The home's 'My Neighborhood' section. The static HTML carries the feeds as they were at build;
 * once visible the island reads them again (new posts, reaction order, events that have passed),
 * a signed-in member's followed neighbourhoods first, and turns dates into relative labels,
 * refreshed every minute.
 */
export default function HomeFeeds({ initial, vibeTags }: Props) {
  const [feeds, setFeeds] = useState(initial)
  // null while hydrating (the static HTML shows dates), then the clock.
  const tick = useSyncExternalStore(subscribeToClock, clockTick, () => null)
  const now = tick === null ? null : new Date(tick * TICK_MS)

  useEffect(() => {
    const controller = new AbortController()
    const now = new Date()
    // A member's followed neighbourhoods come first; a failure there leaves everyone's feeds.
    const followed = fetchFollowedFeeds(now, controller.signal).catch(() => null)
    Promise.all([fetchHomeFeeds(now, controller.signal), followed]).then(
      ([all, mine]) => setFeeds(mine ? followedFirst(mine, all) : all),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('home feeds: refresh failed', error)
      },
    )
    return () => controller.abort()
  }, [])

  return (
    <div className="feeds">
      {SECTIONS.map((s) => (
        <section key={s.type} className="feed-section" aria-labelledby={`feed-${s.type}`}>
          <h3 id={`feed-${s.type}`}>
            <a href={s.more}>{s.title}</a>
          </h3>
          {feeds[s.type].length === 0 ? (
            <p className="feed-empty">{s.empty}</p>
          ) : (
            <div className="feed-list">
              {feeds[s.type].map((card) => (
                <FeedCard key={card.id} card={card} now={now} />
              ))}
            </div>
          )}
        </section>
      ))}
      <section className="feed-section vibe-tags" aria-labelledby="feed-vibes">
        <h3 id="feed-vibes">Vibe Tags</h3>
        {vibeTags.length === 0 ? (
          <p className="feed-empty">No tags available.</p>
        ) : (
          <ul className="row-list">
            {vibeTags.map((tag) => (
              <li key={tag}>
                <a className="tag-link" href={vibeListHref(tag)}>
                  #{tag}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
