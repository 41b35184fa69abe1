import { useEffect, useState, useSyncExternalStore } from 'react'

import { followedFirst, type FeedType, type HomeFeeds as Feeds } from '@/views/home'
import { askPageState } from '@widgets/lib/pageState'
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
 * The home's 'My Neighborhood' section. The static HTML carries the feeds (the page is rewritten
 * when a post enters or leaves them, when reactions reorder the discussions and when an event
 * passes); a signed-in member's followed neighbourhoods come first, from the page state. Dates
 * turn into relative labels, refreshed every 15 s.
 */
export default function HomeFeeds({ initial, vibeTags }: Props) {
  const [feeds, setFeeds] = useState(initial)
  // null while hydrating (the static HTML shows dates), then the clock.
  const tick = useSyncExternalStore(subscribeToClock, clockTick, () => null)
  const now = tick === null ? null : new Date(tick * TICK_MS)

  useEffect(() => {
    // The static home is rewritten whenever a feed changes; only a member's own order is read.
    askPageState({ home: true }).then(
      (state) => state.followedFeeds && setFeeds(followedFirst(state.followedFeeds, initial)),
      (error: unknown) => console.warn('home feeds: your neighbourhoods could not be read', error),
    )
  }, [initial])

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
