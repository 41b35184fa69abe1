/**
 * Shared Leaflet setup for islands with a map (map explorer, neighbourhood form).
 *
 * Leaflet touches `window` when imported, so islands call `loadLeaflet()` inside an effect, never
 * at module level. Importing this module brings Leaflet's CSS (and the cluster CSS) into the
 * page. The tile server comes from the server's TILE_URL / TILE_ATTRIBUTION (read at build in
 * the page and passed to the island as a prop: `tiles={env.tiles}`).
 *
 *   const L = await loadLeaflet()
 *   const map = L.map(el).setView([51.5, -0.12], 13)
 *   addTileLayer(L, map, tiles, { onUnavailable: () => setTilesDown(true) })
 *   L.marker([lat, lng], { title: 'Here', alt: 'Here' }).addTo(map) // default icon works
 */
import type * as Leaflet from 'leaflet'
// CSS and icon URLs are imported statically: Astro puts the CSS into the page's stylesheet (no
// flash, no shift); CSS imported dynamically from an island is not served in production builds.
import 'leaflet/dist/leaflet.css'
import 'leaflet.markercluster/dist/MarkerCluster.css'
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?url'
import iconUrl from 'leaflet/dist/images/marker-icon.png?url'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?url'

export type LeafletModule = typeof Leaflet

export interface TileConfig {
  /** URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  url: string
  /** HTML shown in the attribution control. */
  attribution: string
}

let leaflet: Promise<LeafletModule> | undefined
let cluster: Promise<LeafletModule> | undefined

/**
 * Leaflet with the default marker icon fixed for bundlers (Leaflet guesses the icon
 * path from its CSS, which fails once Vite has hashed the files). Loaded once per page.
 */
export function loadLeaflet(): Promise<LeafletModule> {
  leaflet ??= (async () => {
    const mod = await import('leaflet')
    const L = ((mod as { default?: LeafletModule }).default ?? mod) as LeafletModule
    delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl
    L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl })
    // leaflet.markercluster extends the global L.
    ;(window as Window & { L?: LeafletModule }).L = L
    return L
  })()
  return leaflet
}

/** Leaflet plus `L.markerClusterGroup`. */
export function loadLeafletWithClusters(): Promise<LeafletModule> {
  cluster ??= (async () => {
    const L = await loadLeaflet()
    await import('leaflet.markercluster')
    return L
  })()
  return cluster
}

/** Options for `L.tileLayer(config.url, tileLayerOptions(config))`. */
export function tileLayerOptions(config: TileConfig): Leaflet.TileLayerOptions {
  return {
    attribution: config.attribution,
    maxZoom: 19,
    // No errorTileUrl: a failed tile stays hidden and the container's background shows through.
  }
}

/**
 * Adds the tile layer and reports when tiles cannot be loaded (offline, server down): after a
 * few failures with no success, `onUnavailable` runs once; a later success runs `onAvailable`.
 */
export function addTileLayer(
  L: LeafletModule,
  map: Leaflet.Map,
  config: TileConfig,
  handlers: { onUnavailable?: () => void; onAvailable?: () => void } = {},
): Leaflet.TileLayer {
  const layer = L.tileLayer(config.url, tileLayerOptions(config))
  let loaded = 0
  let failed = 0
  let reported = false
  layer.on('tileerror', () => {
    failed += 1
    if (!reported && loaded === 0 && failed >= 2) {
      reported = true
      handlers.onUnavailable?.()
    }
  })
  layer.on('tileload', () => {
    loaded += 1
    if (reported) {
      reported = false
      handlers.onAvailable?.()
    }
  })
  return layer.addTo(map)
}
