import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useRef, useState } from 'react'

import { VIBES, type Vibe } from '@/rules/vibes'
import { replaceSearch, useAddressSearch } from '@widgets/lib/address'
import type { TileConfig } from '@widgets/lib/leaflet'
import { MapCard } from './MapCard'
import {
  filterFromSearch,
  hasPosition,
  searchForFilter,
  viewFor,
  type MapNeighbourhood,
} from './mapData'
import { MapPreview } from './MapPreview'
import {
  $focus,
  $items,
  $more,
  $pins,
  $selected,
  $status,
  loadMore,
  pick,
  showFilter,
  showLostFound,
} from './store'
import { useLeafletMap } from './useLeafletMap'
import { VibeSheet } from './VibeSheet'
// Leaflet loads on intent, but its CSS must be in the page's stylesheet: CSS imported only
// dynamically is not served in production builds (see widgets/lib/leaflet.ts).
import 'leaflet/dist/leaflet.css'
import 'leaflet.markercluster/dist/MarkerCluster.css'
import './MapExplorer.css'
import './VibeSheet.css'

interface Props {
  tiles: TileConfig
  /** The unfiltered first page, as the page was written with it. */
  firstPage?: MapNeighbourhood[]
}

/**
 * The map explorer (SPEC §2): a Leaflet map of neighbourhoods with clustered markers, a vibe
 * filter (a bar on wide screens, the 'Select Vibe' bottom sheet on phones), 20 per page with
 * Load More, a card for the marker under the pointer or focus, and the viewer's position.
 * The frame, the filter and the first page come with the page; filters read the API. The map starts as a
 * static preview (./MapPreview) and becomes the Leaflet map (./useLeafletMap) on the first sign
 * of intent: the pointer or a finger on it, its focus, or anything that needs it (Show on map).
 * State and loading live in ./store.
 */
export default function MapExplorer({ tiles, firstPage }: Props) {
  const { search, hydrated } = useAddressSearch()
  const filter = useMemo(() => filterFromSearch(search), [search])
  const filterKey = searchForFilter(filter)
  const items = useStore($items)
  const more = useStore($more)
  const status = useStore($status)
  const selected = useStore($selected)
  const focus = useStore($focus)
  const pins = useStore($pins)
  const [sheetOpen, setSheetOpen] = useState(false)
  const [tilesDown, setTilesDown] = useState(false)
  const mapEl = useRef<HTMLDivElement>(null)
  const filterButton = useRef<HTMLButtonElement>(null)
  const view = viewFor(focus)
  const map = useLeafletMap(mapEl, {
    tiles,
    items,
    pins,
    view,
    mayRecentre: () => !filter.query,
    onPick: pick,
    onTiles: (available) => setTilesDown(!available),
  })

  // The first page for the current filter (SPEC §7: ordered by name, 20 per page).
  useEffect(() => {
    if (hydrated) void showFilter(filterFromSearch(filterKey), firstPage)
  }, [filterKey, hydrated, firstPage])

  // The sheet belongs to phones: close it when the window grows past the breakpoint.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 768px)')
    const onChange = () => wide.matches && setSheetOpen(false)
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [])

  const chooseVibe = (vibe: Vibe | undefined) => {
    if (vibe !== filter.vibe) replaceSearch(searchForFilter({ ...filter, vibe }))
  }
  const showMore = () => void loadMore(filter)
  const showNeighbourhood = (n: MapNeighbourhood) => {
    pick(n)
    map.showOnMap(n)
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
        {/* Before Load More: Tab goes on from Load More to the map. */}
        <label className="map-layer">
          <input
            type="checkbox"
            checked={pins !== null}
            onChange={(e) => void showLostFound(e.currentTarget.checked)}
          />
          Lost and found
          {pins && <span className="sr-only"> ({pins.length} open posts)</span>}
        </label>
        <p className="map-status" role="status" aria-live="polite">
          {statusText}
        </p>
        {more && (
          <button type="button" className="map-more map-more-inline" onClick={showMore}>
            Load More
          </button>
        )}
      </div>

      <div className="map-stage">
        {/* Leaflet's container: its class never changes here, Leaflet adds its own. */}
        <div
          ref={mapEl}
          className="map-canvas"
          role="region"
          aria-label="Map of neighbourhoods"
          tabIndex={0}
          data-tiles={tilesDown ? 'unavailable' : 'ok'}
          onPointerEnter={map.engage}
          onPointerDown={map.engage}
          onTouchStart={map.engage}
          onWheel={map.engage}
          onFocus={map.engage}
        >
          {!map.settled && (
            <MapPreview
              tiles={tiles}
              items={items}
              view={view}
              under={map.live}
              onPick={pick}
              onMarker={showNeighbourhood}
              onCluster={map.zoomToGroup}
              onTilesDown={() => setTilesDown(true)}
            />
          )}
        </div>
        {tilesDown && (
          <p className="map-tiles-note" role="status">
            Map images can’t load; markers still work.
          </p>
        )}
        {map.located && (
          <p className="sr-only" role="status">
            Your position is marked: You are here
          </p>
        )}
        {selected && <MapCard n={selected} onClose={() => pick(null)} />}
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
                    onClick={() => showNeighbourhood(n)}
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
            <button type="button" className="map-more" onClick={showMore}>
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
