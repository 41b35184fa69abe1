import { useEffect, useState } from 'react'

import { subscribeChannel, whenSubscribed } from '@widgets/lib/realtime'
import './NewPostsBar.css'

interface Props {
  neighbourhoodId: number
  /** The live event of a new post of this list's kind, e.g. `market-item.created`. */
  event: string
  /** What one is called: 'new item' gives '1 new item', '2 new items'. */
  noun: string
  /** The list's first page as the reader filtered it: where 'show' leads. */
  href: string
}

/**
 * 'N new items — show' above a list rendered on demand: counts the new posts its neighbourhood's
 * channel announces while the page is open (the house's one live push), and reads nothing itself;
 * 'show' loads the list's first page again.
 */
export default function NewPostsBar({ neighbourhoodId, event, noun, href }: Props) {
  const [arrived, setArrived] = useState<number[]>([])
  const [live, setLive] = useState(false)
  const channel = `neighbourhood-${neighbourhoodId}`

  useEffect(
    () =>
      subscribeChannel(channel, {
        [event]: (data) => {
          const id = (data as { id?: unknown }).id
          if (typeof id === 'number') setArrived((ids) => (ids.includes(id) ? ids : [...ids, id]))
        },
      }),
    [channel, event],
  )
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
