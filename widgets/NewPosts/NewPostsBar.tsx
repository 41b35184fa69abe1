import { useEffect, useState } from 'react'

import type { NewPostKind } from '@/rules/newPosts'
import { send } from '@widgets/lib/client'
import { pageRenderedAt, subscribeChannel, whenSubscribed } from '@widgets/lib/realtime'
import './NewPostsBar.css'

interface Props {
  neighbourhoodId: number
  /** The list's kind of post: its live event is `${kind}.created`. */
  kind: NewPostKind
  /** What one is called: 'new item' gives '1 new item', '2 new items'. */
  noun: string
  /** The list's first page as the reader filtered it: where 'show' leads. */
  href: string
}

const withIds = (ids: number[], more: number[]) => [...new Set([...ids, ...more])]

/**
 * 'N new items — show' above a list rendered on demand: counts the new posts its neighbourhood's
 * channel announces while the page is open (the house's one live push); 'show' loads the list's
 * first page again. What was posted between the page's render and its subscription (or while
 * the connection was down) is asked once, only when the channel says something was published.
 */
export default function NewPostsBar({ neighbourhoodId, kind, noun, href }: Props) {
  const [arrived, setArrived] = useState<number[]>([])
  const [live, setLive] = useState(false)
  const channel = `neighbourhood-${neighbourhoodId}`

  useEffect(() => {
    const missed = () => {
      const after = pageRenderedAt()
      if (after === undefined) return
      send('newPosts.since', { neighbourhood: neighbourhoodId, kind, after }).then(
        ({ ids }) => setArrived((have) => withIds(have, ids)),
        (err: unknown) => console.warn('Could not read new posts', err),
      )
    }
    return subscribeChannel(
      channel,
      {
        [`${kind}.created`]: (data) => {
          const id = (data as { id?: unknown }).id
          if (typeof id === 'number') setArrived((have) => withIds(have, [id]))
        },
      },
      missed,
    )
  }, [channel, kind, neighbourhoodId])
  useEffect(() => whenSubscribed(channel, () => setLive(true)), [channel])

  const n = arrived.length
  return (
    <div className="new-posts" role="status" data-live={live ? 'subscribed' : 'connecting'}>
      {n > 0 && (
        <a className="new-posts-bar" href={href}>
          {n} {n === 1 ? noun : `${noun}s`} — show
        </a>
      )}
    </div>
  )
}
