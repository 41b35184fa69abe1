import { useEffect, useRef, useState, type RefObject } from 'react'

import type { TileConfig } from '@widgets/lib/leaflet'
import type { LiveMap } from './liveMap'
import type { MapNeighbourhood, MapPin, MapView } from './mapData'

interface Options {
  tiles: TileConfig
  /** The neighbourhoods to mark (clustered). */
  items: MapNeighbourhood[]
  /** The lost and found layer's pins, or null while it is off. */
  pins: readonly MapPin[] | null
  /** Where the map opens, and where it goes when this changes (a name search's first result). */
  view: MapView
  /** false while a name search decides where to look: the viewer's position does not recentre. */
  mayRecentre: () => boolean
  onPick: (n: MapNeighbourhood) => void
  onTiles: (available: boolean) => void
}

/**
 * The explorer's Leaflet map (./liveMap), made on the visitor's first sign of intent and not
 * before: Leaflet and its cluster plugin would be most of the page's script, and the viewer's
 * position is asked only then. Until the map has settled the page shows ./MapPreview instead.
 * What the visitor asks of the map before it is there (Show on map, a preview marker) is done
 * once it is.
 */
export function useLeafletMap(mapEl: RefObject<HTMLDivElement | null>, options: Options) {
  const { tiles, items, view, pins } = options
  const [wanted, setWanted] = useState(false)
  const [live, setLive] = useState<LiveMap | null>(null)
  const [settled, setSettled] = useState(false)
  const [located, setLocated] = useState(false)
  const pending = useRef<((map: LiveMap) => void) | null>(null)
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })

  useEffect(() => {
    const el = mapEl.current
    if (!wanted || !el) return
    let cancelled = false
    let made: LiveMap | null = null
    import('./liveMap')
      .then(({ makeLiveMap }) =>
        makeLiveMap(
          el,
          {
            tiles,
            view: latest.current.view,
            onTiles: (available) => latest.current.onTiles(available),
            onSettled: () => setSettled(true),
            mayRecentre: () => latest.current.mayRecentre(),
            onLocated: setLocated,
          },
          () => cancelled,
        ),
      )
      .then(
        (map) => {
          made = map
          if (map) setLive(map)
        },
        (error: unknown) => console.error('map: Leaflet failed to load', error),
      )
    return () => {
      cancelled = true
      made?.remove()
    }
  }, [wanted, mapEl, tiles])

  // Markers follow the loaded neighbourhoods; then what was asked before the map was there.
  useEffect(() => {
    if (!live) return
    live.setMarkers(items, (n) => latest.current.onPick(n))
    const action = pending.current
    pending.current = null
    action?.(live)
  }, [live, items])

  // The lost and found layer follows its toggle (a turned-on layer asks for the map).
  useEffect(() => {
    if (pins) setWanted(true)
    live?.setPins(pins)
  }, [live, pins])

  // A name search recentres on its first result at the focus zoom (SPEC §9).
  const {
    centre: [lat, lng],
    zoom,
  } = view
  useEffect(() => {
    live?.setView({ centre: [lat, lng], zoom })
  }, [live, lat, lng, zoom])

  /** Does `action` on the live map, asking for the map first when it is not there yet. */
  const withLiveMap = (action: (map: LiveMap) => void) => {
    setWanted(true)
    if (live) action(live)
    else pending.current = action
  }

  return {
    /** The visitor showed intent: make the live map. */
    engage: () => setWanted(true),
    live: live !== null,
    /** The live map has drawn its tiles (or moved): nothing needs to stay under it. */
    settled,
    located,
    showOnMap: (n: MapNeighbourhood) => withLiveMap((map) => map.show(n)),
    zoomToGroup: (members: MapNeighbourhood[]) => withLiveMap((map) => map.zoomToGroup(members)),
  }
}
