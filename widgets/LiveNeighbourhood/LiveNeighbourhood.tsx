import { useStore } from '@nanostores/react'
import { useState, useSyncExternalStore } from 'react'

import type { StarCounts } from '@/rules/ratingSummary'
import CompareTray from '@widgets/Compare/CompareTray'
import { ApiError } from '@widgets/lib/api'
import { readDocument } from '@widgets/lib/client'
import { Chips } from '@widgets/lib/Chips'
import { $realtimeState, useChannel } from '@widgets/lib/realtime'
import { RatingSummary } from '@widgets/Reviews/RatingSummary'
import { ShareButtons } from '@widgets/Reviews/ShareButtons'
import { $starCounts, refreshStarCounts } from '@widgets/Reviews/store'
import { useViewer } from '@widgets/Reviews/useViewer'
import './LiveNeighbourhood.css'

export interface NeighbourhoodInfo {
  id: number
  name: string
  slug: string
  tagline: string
  vibes: string[]
  createdBy: number | null
}

interface Props {
  neighbourhood: NeighbourhoodInfo
  counts: StarCounts
  /** The page's address as built; the island swaps in the real origin. */
  url: string
}

interface UpdatedEvent {
  name: string
  slug: string
  tagline: string
  vibes?: string[] | null
}

const noChange = () => () => {}

/**
 * The neighbourhood's header: name, tagline, vibes, rating summary, share options and, for its
 * creator only, 'Edit Neighbourhood'. Prerendered, then kept live on the `neighbourhood-{id}`
 * channel: edits (neighbourhood.updated), and the star counts on every review change, so they
 * are current before the Reviews island further down has hydrated. With the compare tray.
 */
export default function LiveNeighbourhood({ neighbourhood, counts, url: builtUrl }: Props) {
  const [info, setInfo] = useState(neighbourhood)
  const [removed, setRemoved] = useState(false)
  // The built address while hydrating, then this page's real one (origin as the reader sees it).
  const url = useSyncExternalStore(
    noChange,
    () => `${location.origin}${location.pathname}`,
    () => builtUrl,
  )
  const liveCounts = useStore($starCounts)
  const session = useViewer()
  const connection = useStore($realtimeState)

  const applyUpdate = (d: UpdatedEvent) =>
    setInfo((i) => ({ ...i, name: d.name, slug: d.slug, tagline: d.tagline, vibes: d.vibes ?? [] }))
  const recount = () => refreshStarCounts(neighbourhood.id)
  useChannel(
    `neighbourhood-${neighbourhood.id}`,
    {
      'neighbourhood.updated': (data) => applyUpdate(data as UpdatedEvent),
      'neighbourhood.deleted': () => setRemoved(true),
      'review.created': recount,
      'review.updated': recount,
      'review.deleted': recount,
    },
    // On subscribing and after a reconnect, read both again: the HTML may be older than the
    // data, and Pusher does not replay what was missed.
    () => {
      recount()
      void readDocument('neighbourhoods', neighbourhood.id, { depth: 0 }).then(
        applyUpdate,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) setRemoved(true)
        },
      )
    },
  )

  const isCreator =
    session.status === 'signed-in' && info.createdBy !== null && session.user.id === info.createdBy

  return (
    <div className="live-neighbourhood" data-realtime={connection}>
      <header className="neighbourhood-header">
        <div className="neighbourhood-intro">
          <h1>{info.name}</h1>
          <p className="tagline">{info.tagline}</p>
          <Chips label="Vibes" items={info.vibes} />
          {removed && (
            <p className="neighbourhood-removed" role="status">
              This neighbourhood has been removed.
            </p>
          )}
          <div className="neighbourhood-actions">
            <ShareButtons url={url} title={info.name} />
            {isCreator && (
              <a
                className="button secondary edit-neighbourhood"
                href={`/neighbourhood/${info.slug}/edit`}
              >
                Edit Neighbourhood
              </a>
            )}
          </div>
        </div>
        <RatingSummary counts={liveCounts ?? counts} />
      </header>
      {/* The tray, which also takes over the page's static 'Compare' forms. */}
      <CompareTray />
    </div>
  )
}
