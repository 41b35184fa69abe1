import type * as Leaflet from 'leaflet'
import { useEffect, useRef, useState } from 'react'

import { addTileLayer, loadLeaflet, type TileConfig } from '@widgets/lib/leaflet'

/** SPEC §9: the form map starts at 51.5, -0.12, zoom 13. */
export const FORM_MAP_CENTRE: [number, number] = [51.5, -0.12]
export const FORM_MAP_ZOOM = 13

interface Props {
  /** The point the inputs hold, or null while they hold none (or nonsense). */
  point: [number, number] | null
  tiles: TileConfig
  /** A click sets the point; without it the map only shows the point. */
  onPick?: (lat: number, lon: number) => void
  /** Where the map opens (SPEC §9's form view unless given). */
  centre?: [number, number]
  zoom?: number
  /** The marker's and the map's names for assistive tech. */
  label?: string
  region?: string
}

/**
 * The small map of the neighbourhood form: it follows the latitude and longitude inputs (the
 * marker moves and the map pans there), and a click sets them. Leaflet loads after hydration;
 * the box has its final size from the server-rendered HTML, so nothing shifts.
 */
export default function LocationMap({
  point,
  tiles,
  onPick,
  centre = FORM_MAP_CENTRE,
  zoom = FORM_MAP_ZOOM,
  label = 'Neighbourhood location',
  region = 'Map: click to set the latitude and longitude',
}: Props) {
  const box = useRef<HTMLDivElement>(null)
  const map = useRef<Leaflet.Map | null>(null)
  const marker = useRef<Leaflet.Marker | null>(null)
  const leaflet = useRef<typeof Leaflet | null>(null)
  const pick = useRef(onPick)
  useEffect(() => {
    pick.current = onPick
  })
  const [ready, setReady] = useState(false)
  const [tilesDown, setTilesDown] = useState(false)

  useEffect(() => {
    let cancelled = false
    void loadLeaflet().then((L) => {
      if (cancelled || !box.current) return
      leaflet.current = L
      const m = L.map(box.current, { scrollWheelZoom: false }).setView(centre, zoom)
      addTileLayer(L, m, tiles, {
        onUnavailable: () => setTilesDown(true),
        onAvailable: () => setTilesDown(false),
      })
      m.on('click', (e: Leaflet.LeafletMouseEvent) => pick.current?.(e.latlng.lat, e.latlng.lng))
      map.current = m
      setReady(true)
    })
    return () => {
      cancelled = true
      map.current?.remove()
      map.current = null
      marker.current = null
    }
    // The map opens once; later points move the marker (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles])

  const lat = point?.[0]
  const lon = point?.[1]
  useEffect(() => {
    const L = leaflet.current
    const m = map.current
    if (!ready || !L || !m) return
    if (lat === undefined || lon === undefined) {
      marker.current?.remove()
      marker.current = null
      return
    }
    if (marker.current) marker.current.setLatLng([lat, lon])
    else {
      marker.current = L.marker([lat, lon], {
        title: label,
        alt: label,
        keyboard: false,
      }).addTo(m)
    }
    m.panTo([lat, lon])
  }, [ready, lat, lon, label])

  return (
    <div className="nf-map-wrap">
      <div
        ref={box}
        className="nf-map"
        data-testid="location-map"
        data-ready={ready ? 'true' : 'false'}
        role="region"
        aria-label={region}
      />
      {tilesDown && (
        <p className="nf-map-note" role="status">
          Map tiles could not be loaded. You can still type the latitude and longitude.
        </p>
      )}
    </div>
  )
}
