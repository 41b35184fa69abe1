import type * as Leaflet from 'leaflet'

import { addTileLayer, loadLeafletWithClusters, type TileConfig } from '@widgets/lib/leaflet'
import {
  CLUSTER_RADIUS,
  clusterSize,
  hasPosition,
  MAP_CENTRE,
  type MapNeighbourhood,
  type MapPin,
  type MapView,
} from './mapData'

/**
 * The live map (Leaflet, loaded on the visitor's first sign of intent, see ./useLeafletMap): tiles,
 * the cluster layer, markers, popups and the viewer's 'You are here'. Imported only dynamically.
 */

/** Test hook: Playwright sets `window.__belongTestHooks = true` to read the map's state. */
declare global {
  interface Window {
    __belongTestHooks?: boolean
    __belongMap?: { map: Leaflet.Map; cluster: Leaflet.MarkerClusterGroup }
  }
}

/** Users further than this from the default centre keep the London view (the data is London). */
const RECENTRE_WITHIN_M = 40_000
/** Leaflet fades a loaded tile in over 200 ms; what lies under the map may go after that. */
const TILE_FADE_MS = 250
/** Zooming into a group of markers stops at street level. */
const GROUP_MAX_ZOOM = 16

export interface LiveMapOptions {
  tiles: TileConfig
  view: MapView
  onTiles: (available: boolean) => void
  /** The first tiles have faded in, or the view moved: the preview under the map may go. */
  onSettled: () => void
  /** false while a name search decides where to look: the viewer's position does not recentre. */
  mayRecentre: () => boolean
  onLocated: (located: boolean) => void
}

export interface LiveMap {
  map: Leaflet.Map
  cluster: Leaflet.MarkerClusterGroup
  /** Markers for `items` (clustered); hovering, clicking or focusing one picks it. */
  setMarkers: (items: MapNeighbourhood[], onPick: (n: MapNeighbourhood) => void) => void
  /** Goes to `view`, unless that is where it was last sent (the visitor may have moved since). */
  setView: (view: MapView) => void
  /** Opens a neighbourhood's marker (zooming into its cluster) and focuses it. */
  show: (n: MapNeighbourhood) => void
  /** What a click on a cluster of these does: zooms until they can be told apart. */
  zoomToGroup: (members: MapNeighbourhood[]) => void
  /** The lost and found layer: its pins, or none (the layer off). */
  setPins: (pins: readonly MapPin[] | null) => void
  remove: () => void
}

/** Loads Leaflet and makes the map in `el`; null when `cancelled()` by then. */
export async function makeLiveMap(
  el: HTMLElement,
  options: LiveMapOptions,
  cancelled: () => boolean,
): Promise<LiveMap | null> {
  const L = await loadLeafletWithClusters()
  if (cancelled()) return null
  const map = L.map(el).setView(options.view.centre, options.view.zoom)
  // Focus that asked for the map came before Leaflet listened: tell it, so the keys pan now.
  if (document.activeElement === el) el.dispatchEvent(new FocusEvent('focus'))
  const tiles = addTileLayer(L, map, options.tiles, {
    onUnavailable: () => options.onTiles(false),
    onAvailable: () => options.onTiles(true),
  })
  let settled = false
  const settle = () => {
    if (!settled) {
      settled = true
      options.onSettled()
    }
  }
  tiles.once('load', () => setTimeout(settle, TILE_FADE_MS))
  map.once('movestart zoomstart', settle)
  const cluster = clusterLayer(L, map)
  map.addLayer(cluster)
  if (window.__belongTestHooks) window.__belongMap = { map, cluster }
  locateViewer(L, map, options.mayRecentre, options.onLocated)

  const markers = new Map<number, Leaflet.Marker>()
  const pinLayer = L.layerGroup()
  let sentTo = options.view
  return {
    map,
    cluster,
    setMarkers(items, onPick) {
      cluster.clearLayers()
      markers.clear()
      const layers = items.filter(hasPosition).map((n) => {
        const marker = neighbourhoodMarker(L, n, onPick)
        markers.set(n.id, marker)
        return marker
      })
      cluster.addLayers(layers)
    },
    setView(view) {
      const [lat, lng] = view.centre
      if (lat === sentTo.centre[0] && lng === sentTo.centre[1] && view.zoom === sentTo.zoom) return
      sentTo = view
      map.setView(view.centre, view.zoom)
    },
    show(n) {
      const marker = markers.get(n.id)
      if (!marker) return
      cluster.zoomToShowLayer(marker, () => {
        marker.openPopup()
        ;(marker.getElement() as HTMLElement | undefined)?.focus()
      })
    },
    zoomToGroup(members) {
      const placed = members.filter(hasPosition)
      if (placed.length === 0) return
      const bounds = L.latLngBounds(placed.map((n) => L.latLng(n.latitude, n.longitude)))
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: GROUP_MAX_ZOOM })
    },
    setPins(pins) {
      pinLayer.clearLayers()
      if (!pins) {
        pinLayer.remove()
        return
      }
      for (const pin of pins) pinMarker(L, pin).addTo(pinLayer)
      pinLayer.addTo(map)
    },
    remove() {
      map.remove()
      markers.clear()
    },
  }
}

/** A lost or found post: a small round pin (unlike a neighbourhood's marker) linking to it. */
function pinMarker(L: typeof Leaflet, pin: MapPin): Leaflet.CircleMarker {
  const marker = L.circleMarker([pin.latitude, pin.longitude], {
    radius: 8,
    weight: 2,
    className: `map-pin map-pin-${pin.kind}`,
  })
  marker.bindPopup(() => {
    const box = document.createElement('div')
    box.className = 'map-popup'
    const title = document.createElement('strong')
    title.textContent = `${pin.kind === 'lost' ? 'Lost' : 'Found'}: ${pin.title}`
    const link = document.createElement('a')
    link.href = pin.href
    link.textContent = 'See the post →'
    box.append(title, link)
    return box
  })
  return marker
}

function neighbourhoodMarker(
  L: typeof Leaflet,
  n: MapNeighbourhood & { latitude: number; longitude: number },
  onPick: (n: MapNeighbourhood) => void,
): Leaflet.Marker {
  const marker = L.marker([n.latitude, n.longitude], {
    title: n.name,
    alt: n.name,
    keyboard: true,
    riseOnHover: true,
  })
  marker.bindPopup(() => popupContent(n), { autoPanPaddingTopLeft: [16, 16] })
  marker.on('mouseover click', () => onPick(n))
  marker.on('add', () => {
    const el = marker.getElement()
    if (el && !el.dataset.focusBound) {
      el.dataset.focusBound = 'true'
      el.addEventListener('focus', () => onPick(n))
    }
  })
  return marker
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

/**
 * Marks the viewer 'You are here' when the browser allows; silently nothing otherwise. Asked
 * only once the live map is wanted: never on page load.
 */
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
