import type * as Leaflet from 'leaflet'
import { useEffect, useMemo, useRef, useState } from 'react'

import { VIBES, type Vibe } from '@/rules/vibes'
import { api } from '@widgets/lib/api'
import { addTileLayer, loadLeafletWithClusters, type TileConfig } from '@widgets/lib/leaflet'
import { MapCard } from './MapCard'
import {
  CLUSTER_RADIUS,
  clusterSize,
  filterFromSearch,
  hasMore,
  hasPosition,
  MAP_CENTRE,
  MAP_FOCUS_ZOOM,
  MAP_ZOOM,
  neighbourhoodsUrl,
  searchForFilter,
  type MapFilter,
  type MapNeighbourhood,
} from './mapData'
import { replaceSearch, useAddressSearch } from './useAddress'
import { VibeSheet } from './VibeSheet'
import './MapExplorer.css'

interface Props {
  tiles: TileConfig
}

interface MapParts {
  L: typeof Leaflet
  map: Leaflet.Map
  cluster: Leaflet.MarkerClusterGroup
}

type Status = 'loading' | 'ready'

/** The pages loaded for one filter (key: its query string). */
interface Loaded {
  key: string | null
  items: MapNeighbourhood[]
  page: number
  more: boolean
}

/** One page of neighbourhoods; SPEC §8: map fetch errors are logged, not shown (an empty page). */
async function fetchPage(filter: MapFilter, page: number): Promise<MapNeighbourhood[]> {
  try {
    const { docs } = await api<{ docs: MapNeighbourhood[] }>(neighbourhoodsUrl(filter, page))
    return docs
  } catch (error) {
    console.error('map: loading neighbourhoods failed', error)
    return []
  }
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

/**
 * The map explorer (SPEC §2): a Leaflet map of neighbourhoods with clustered markers, a vibe
 * filter (a bar on wide screens, the 'Select Vibe' bottom sheet on phones), 20 per page with
 * Load More, a card for the marker under the pointer or focus, and the viewer's position.
 * The frame and filter render on the server; Leaflet and the data load in the browser.
 */
export default function MapExplorer({ tiles }: Props) {
  const { search, hydrated } = useAddressSearch()
  const filter = useMemo(() => filterFromSearch(search), [search])
  const filterKey = searchForFilter(filter)
  const [data, setData] = useState<Loaded>({ key: null, items: [], page: 0, more: false })
  const [loadingMore, setLoadingMore] = useState(false)
  const [picked, setPicked] = useState<MapNeighbourhood | null>(null)
  const [sheetOpen, setSheetOpen] = useState(false)
  const [tilesDown, setTilesDown] = useState(false)
  const [located, setLocated] = useState(false)
  const [parts, setParts] = useState<MapParts | null>(null)
  /** The first result of a name search: the map recentres on it. */
  const [focus, setFocus] = useState<MapNeighbourhood | null>(null)

  const mapEl = useRef<HTMLDivElement>(null)
  const filterButton = useRef<HTMLButtonElement>(null)
  const markers = useRef(new Map<number, Leaflet.Marker>())
  const queryRef = useRef<string | undefined>(undefined)

  // A new filter shows nothing until its first page arrives (paging starts again).
  const current = data.key === filterKey
  const items = useMemo(() => (current ? data.items : []), [current, data.items])
  const more = current && data.more
  const status: Status = !current || loadingMore ? 'loading' : 'ready'
  // The card shows a neighbourhood that is still on the map.
  const selected = picked && items.some((n) => n.id === picked.id) ? picked : null

  useEffect(() => {
    queryRef.current = filter.query
  }, [filter.query])

  // Leaflet, the tiles, the cluster layer and the viewer's position.
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
        map.addLayer(cluster)
        if (window.__belongTestHooks) window.__belongMap = { map, cluster }
        setParts({ L, map, cluster })
        locateViewer(L, map, () => !queryRef.current, setLocated)
      },
      (error: unknown) => console.error('map: Leaflet failed to load', error),
    )
    return () => {
      cancelled = true
      created?.remove()
      markerMap.clear()
    }
  }, [tiles])

  // The first page for the current filter (SPEC §7: ordered by name, 20 per page).
  useEffect(() => {
    if (!hydrated) return
    let cancelled = false
    void fetchPage(filter, 1).then((docs) => {
      if (cancelled) return
      setData({ key: filterKey, items: docs, page: 1, more: hasMore(docs.length) })
      if (filter.query && docs[0]) {
        setFocus(docs[0])
        setPicked(docs[0])
      }
    })
    return () => {
      cancelled = true
    }
    // filterKey names the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey, hydrated])

  // The sheet belongs to phones: close it when the window grows past the breakpoint.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 768px)')
    const onChange = () => wide.matches && setSheetOpen(false)
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [])

  // Markers follow the loaded neighbourhoods.
  useEffect(() => {
    if (!parts) return
    const { L, cluster } = parts
    cluster.clearLayers()
    markers.current.clear()
    const layers = items.filter(hasPosition).map((n) => {
      const marker = L.marker([n.latitude, n.longitude], {
        title: n.name,
        alt: n.name,
        keyboard: true,
        riseOnHover: true,
      })
      marker.bindPopup(() => popupContent(n), { autoPanPaddingTopLeft: [16, 16] })
      marker.on('mouseover click', () => setPicked(n))
      marker.on('add', () => {
        const el = marker.getElement()
        if (el && !el.dataset.focusBound) {
          el.dataset.focusBound = 'true'
          el.addEventListener('focus', () => setPicked(n))
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

  const chooseVibe = (vibe: Vibe | undefined) => {
    if (vibe !== filter.vibe) replaceSearch(searchForFilter({ ...filter, vibe }))
  }

  const loadMore = () => {
    if (!more || loadingMore) return
    const key = filterKey
    setLoadingMore(true)
    void fetchPage(filter, data.page + 1)
      .then((docs) =>
        setData((prev) =>
          prev.key !== key
            ? prev
            : {
                key,
                items: [
                  ...prev.items,
                  ...docs.filter((d) => !prev.items.some((x) => x.id === d.id)),
                ],
                page: prev.page + 1,
                more: hasMore(docs.length),
              },
        ),
      )
      .finally(() => setLoadingMore(false))
  }

  const showOnMap = (n: MapNeighbourhood) => {
    const marker = markers.current.get(n.id)
    setPicked(n)
    if (!parts || !marker) return
    parts.cluster.zoomToShowLayer(marker, () => {
      marker.openPopup()
      ;(marker.getElement() as HTMLElement | undefined)?.focus()
    })
  }

  const closeSheet = () => {
    setSheetOpen(false)
    filterButton.current?.focus()
  }

  const count = items.length
  const statusText =
    status === 'loading' && count === 0
      ? 'Loading...'
      : count === 0
        ? 'No neighbourhoods found'
        : `Showing ${count} neighbourhood${count === 1 ? '' : 's'}${filter.query ? ` matching “${filter.query}”` : ''}`
  const activeLabel = filter.vibe ?? 'All'

  return (
    <div className="map-explorer" data-status={status}>
      <div className="map-bar">
        <VibeButtons active={filter.vibe} onChoose={chooseVibe} className="map-vibes-inline" />
        <button
          ref={filterButton}
          type="button"
          className="map-filter-open"
          aria-haspopup="dialog"
          aria-expanded={sheetOpen}
          onClick={() => setSheetOpen(true)}
        >
          Filter<span className="map-filter-current">: {activeLabel}</span>
        </button>
        <p className="map-status" role="status" aria-live="polite">
          {statusText}
        </p>
        {more && (
          <button type="button" className="map-more map-more-inline" onClick={loadMore}>
            Load More
          </button>
        )}
      </div>

      <div className="map-stage">
        <div
          ref={mapEl}
          className="map-canvas"
          role="region"
          aria-label="Map of neighbourhoods"
          data-tiles={tilesDown ? 'unavailable' : 'ok'}
        />
        {tilesDown && (
          <p className="map-tiles-note" role="status">
            Map images can’t load; markers still work.
          </p>
        )}
        {located && (
          <p className="sr-only" role="status">
            Your position is marked: You are here
          </p>
        )}
        {selected && <MapCard n={selected} onClose={() => setPicked(null)} />}
        <details className="map-list">
          <summary>List of neighbourhoods ({count})</summary>
          <ul>
            {items.map((n) => (
              <li key={n.id}>
                <a href={`/neighbourhood/${n.slug}`}>{n.name}</a>
                {hasPosition(n) && (
                  <button
                    type="button"
                    className="map-list-show"
                    aria-label={`Show on map: ${n.name}`}
                    onClick={() => showOnMap(n)}
                  >
                    Show on map
                  </button>
                )}
              </li>
            ))}
          </ul>
        </details>
      </div>

      <VibeSheet open={sheetOpen} onClose={closeSheet}>
        <VibeButtons active={filter.vibe} onChoose={chooseVibe} />
        <p className="map-sheet-status">{statusText}</p>
        <div className="map-sheet-actions">
          {more && (
            <button type="button" className="map-more" onClick={loadMore}>
              Load More
            </button>
          )}
          <button type="button" className="button secondary" onClick={closeSheet}>
            Close
          </button>
        </div>
      </VibeSheet>
    </div>
  )
}

function VibeButtons({
  active,
  onChoose,
  className = '',
}: {
  active: Vibe | undefined
  onChoose: (vibe: Vibe | undefined) => void
  className?: string
}) {
  return (
    <div className={`map-vibes ${className}`} role="group" aria-label="Filter by vibe">
      {[undefined, ...VIBES].map((vibe) => (
        <button
          key={vibe ?? 'All'}
          type="button"
          aria-pressed={vibe === active}
          onClick={() => onChoose(vibe)}
        >
          {vibe ?? 'All'}
        </button>
      ))}
    </div>
  )
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
