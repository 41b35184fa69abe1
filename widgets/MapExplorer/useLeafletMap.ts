import type * as Leaflet from 'leaflet'
import { useEffect, useRef, useState, type RefObject } from 'react'

import { addTileLayer, loadLeafletWithClusters, type TileConfig } from '@widgets/lib/leaflet'
import {
  CLUSTER_RADIUS,
  clusterSize,
  hasPosition,
  MAP_CENTRE,
  MAP_FOCUS_ZOOM,
  MAP_ZOOM,
  type MapNeighbourhood,
} from './mapData'

export interface MapParts {
  L: typeof Leaflet
  map: Leaflet.Map
  cluster: Leaflet.MarkerClusterGroup
}

/** Test hook: Playwright sets `window.__belongTestHooks = true` to read the map's state. */
declare global {
  interface Window {
    __belongTestHooks?: boolean
    __belongMap?: { map: Leaflet.Map; cluster: Leaflet.MarkerClusterGroup }
  }
}

/** Users further than this from the default centre keep the London view (the data is London). */
const RECENTRE_WITHIN_M = 40_000

interface Options {
  tiles: TileConfig
  /** The neighbourhoods to mark (clustered). */
  items: MapNeighbourhood[]
  /** Recentred on at the focus zoom (a name search's first result). */
  focus: MapNeighbourhood | null
  /** false while a name search decides where to look: the viewer's position does not recentre. */
  mayRecentre: () => boolean
  onPick: (n: MapNeighbourhood) => void
}

/**
 * Everything Leaflet of the map explorer: the map, tiles, the cluster layer, markers for `items`,
 * the focus and the viewer's 'You are here'. Returns what the page shows about it.
 */
export function useLeafletMap(mapEl: RefObject<HTMLDivElement | null>, options: Options) {
  const { tiles, items, focus } = options
  const [parts, setParts] = useState<MapParts | null>(null)
  const [tilesDown, setTilesDown] = useState(false)
  const [located, setLocated] = useState(false)
  const markers = useRef(new Map<number, Leaflet.Marker>())
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })

  useEffect(() => {
    let cancelled = false
    let created: Leaflet.Map | undefined
    const markerMap = markers.current
    void loadLeafletWithClusters().then(
      (L) => {
        if (cancelled || !mapEl.current) return
        const map = L.map(mapEl.current).setView(MAP_CENTRE, MAP_ZOOM)
        created = map
        addTileLayer(L, map, tiles, {
          onUnavailable: () => setTilesDown(true),
          onAvailable: () => setTilesDown(false),
        })
        const cluster = clusterLayer(L, map)
        map.addLayer(cluster)
        if (window.__belongTestHooks) window.__belongMap = { map, cluster }
        setParts({ L, map, cluster })
        locateViewer(L, map, () => latest.current.mayRecentre(), setLocated)
      },
      (error: unknown) => console.error('map: Leaflet failed to load', error),
    )
    return () => {
      cancelled = true
      created?.remove()
      markerMap.clear()
    }
  }, [mapEl, tiles])

  // Markers follow the loaded neighbourhoods.
  useEffect(() => {
    if (!parts) return
    const { L, cluster } = parts
    cluster.clearLayers()
    markers.current.clear()
    const pick = (n: MapNeighbourhood) => latest.current.onPick(n)
    const layers = items.filter(hasPosition).map((n) => {
      const marker = L.marker([n.latitude, n.longitude], {
        title: n.name,
        alt: n.name,
        keyboard: true,
        riseOnHover: true,
      })
      marker.bindPopup(() => popupContent(n), { autoPanPaddingTopLeft: [16, 16] })
      marker.on('mouseover click', () => pick(n))
      marker.on('add', () => {
        const el = marker.getElement()
        if (el && !el.dataset.focusBound) {
          el.dataset.focusBound = 'true'
          el.addEventListener('focus', () => pick(n))
        }
      })
      markers.current.set(n.id, marker)
      return marker
    })
    cluster.addLayers(layers)
  }, [parts, items])

  // A name search recentres on its first result at the focus zoom (SPEC §9).
  useEffect(() => {
    if (parts && focus && hasPosition(focus)) {
      parts.map.setView([focus.latitude, focus.longitude], MAP_FOCUS_ZOOM)
    }
  }, [parts, focus])

  /** Opens a neighbourhood's marker (zooming into its cluster) and focuses it. */
  const showOnMap = (n: MapNeighbourhood) => {
    const marker = markers.current.get(n.id)
    if (!parts || !marker) return
    parts.cluster.zoomToShowLayer(marker, () => {
      marker.openPopup()
      ;(marker.getElement() as HTMLElement | undefined)?.focus()
    })
  }

  return { tilesDown, located, showOnMap }
}

function clusterLayer(L: typeof Leaflet, map: Leaflet.Map): Leaflet.MarkerClusterGroup {
  const cluster = L.markerClusterGroup({
    maxClusterRadius: CLUSTER_RADIUS,
    showCoverageOnHover: false,
    iconCreateFunction: (c) => {
      const count = c.getChildCount()
      return L.divIcon({
        html: `<span aria-hidden="true">${count}</span><span class="sr-only">${count} neighbourhoods, zoom in</span>`,
        className: `map-cluster map-cluster-${clusterSize(count)}`,
        iconSize: L.point(44, 44),
      })
    },
  })
  // Enter on a focused cluster opens it up, as a click does.
  cluster.on('clusterkeypress', (e) => {
    const { originalEvent, layer } = e as Leaflet.LeafletKeyboardEvent & {
      layer: Leaflet.MarkerCluster
    }
    if (originalEvent.key !== 'Enter') return
    if (map.getZoom() >= map.getMaxZoom()) layer.spiderfy()
    else layer.zoomToBounds({ padding: [40, 40] })
  })
  return cluster
}

function popupContent(n: MapNeighbourhood): HTMLElement {
  const box = document.createElement('div')
  box.className = 'map-popup'
  const name = document.createElement('strong')
  name.textContent = n.name
  const link = document.createElement('a')
  link.href = `/neighbourhood/${n.slug}`
  link.textContent = 'View Details →'
  box.append(name, link)
  return box
}

/** Marks the viewer 'You are here' when the browser allows; silently nothing otherwise. */
function locateViewer(
  L: typeof Leaflet,
  map: Leaflet.Map,
  mayRecentre: () => boolean,
  onLocated: (located: boolean) => void,
) {
  if (!('geolocation' in navigator)) return
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => {
      const here = L.latLng(coords.latitude, coords.longitude)
      L.marker(here, {
        keyboard: false,
        interactive: false,
        zIndexOffset: 1000,
        icon: L.divIcon({ className: 'map-you', html: '<span></span>', iconSize: [22, 22] }),
      })
        .bindTooltip('You are here', {
          permanent: true,
          direction: 'top',
          offset: [0, -12],
          className: 'map-you-label',
        })
        .addTo(map)
      if (mayRecentre() && here.distanceTo(L.latLng(MAP_CENTRE)) < RECENTRE_WITHIN_M) {
        map.setView(here, map.getZoom())
      }
      onLocated(true)
    },
    () => onLocated(false),
    { timeout: 10_000, maximumAge: 60_000 },
  )
}
