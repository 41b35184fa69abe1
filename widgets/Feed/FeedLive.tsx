import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { newPostsLabel, yourFeedHref } from '@/views/yourFeed'
import { $feedLive, watchFeed } from './store'
import './Feed.css'

interface Props {
  /** The followed neighbourhoods whose channels announce new posts (the loader caps them). */
  neighbourhoods: number[]
}

/**
 * 'N new posts — show' above the feed while it is open: a link that reads the first page again.
 * Nothing is drawn before JavaScript runs; the page itself is complete without it.
 */
export default function FeedLive({ neighbourhoods }: Props) {
  const state = useStore($feedLive)

  useEffect(() => watchFeed(neighbourhoods), [neighbourhoods])

  const count = state.arrived.length
  return (
    <div className="feed-live" role="status" data-live={state.live}>
      {count > 0 && (
        <a className="feed-live-link" href={yourFeedHref()}>
          {newPostsLabel(count)} — show
        </a>
      )}
    </div>
  )
}
