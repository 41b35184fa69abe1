import { useId } from 'react'

import { Chips } from '@widgets/lib/Chips'
import type { MapNeighbourhood } from './mapData'

/** The card for the marker under the pointer or focus: a side card on wide screens, a bottom card on phones. */
export function MapCard({ n, onClose }: { n: MapNeighbourhood; onClose: () => void }) {
  const titleId = useId()
  return (
    <aside className="map-card" aria-labelledby={titleId} data-slug={n.slug}>
      <button type="button" className="map-card-close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="sr-only">Close card</span>
      </button>
      <h2 id={titleId}>{n.name}</h2>
      {n.tagline && <p className="map-card-tagline">{n.tagline}</p>}
      {n.vibes.length > 0 && <Chips label="Vibes" items={n.vibes} />}
      <a className="map-card-link" href={`/neighbourhood/${n.slug}`}>
        View Neighbourhood →
      </a>
    </aside>
  )
}
