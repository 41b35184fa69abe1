import { useEffect, useRef, useState, type RefObject } from 'react'

import type { TileConfig } from '@widgets/lib/leaflet'
// Files, not inlined: the same pictures as Leaflet's markers without their bytes in the script.
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?url&no-inline'
import iconUrl from 'leaflet/dist/images/marker-icon.png?url&no-inline'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?url&no-inline'
import { groupNearby } from './groupNearby'
import {
  CLUSTER_RADIUS,
  clusterSize,
  hasPosition,
  type MapNeighbourhood,
  type MapView,
} from './mapData'
import { centreInView, fromCentre, tilesInView, tileUrl, type Point, type Size } from './mercator'
import './MapPreview.css'

interface Props {
  tiles: TileConfig
  items: MapNeighbourhood[]
  view: MapView
  /** The live map is on top: only the tiles stay, under the live tiles while they fade in. */
  under: boolean
  /** The pointer is over a marker: its card, as on the live map. */
  onPick: (n: MapNeighbourhood) => void
  onMarker: (n: MapNeighbourhood) => void
  onCluster: (members: MapNeighbourhood[]) => void
  /** Tiles cannot be loaded (as the live map reports it: two failures, no success). */
  onTilesDown: () => void
}

/** Until the box is measured (on the server too): the tiles that fill a phone's map. */
const FIRST_SIZE: Size = { width: 440, height: 760 }

/**
 * The map's first view until the visitor shows intent (a map facade): the tiles, markers and
 * clusters the live map would draw at `view`, where Leaflet would put them, in plain DOM, so the
 * page needs no Leaflet to show the map. Everything is placed from the view's centre, so the
 * server already renders the central tiles (the page's largest picture loads with the page);
 * once the box is measured the centre is pinned where Leaflet would have it and the rest of the
 * tiles follow. Decorative for assistive tech: the list of neighbourhoods has the same links,
 * and focusing the map makes the live one.
 */
export function MapPreview({ tiles, items, view, under, onTilesDown, ...on }: Props) {
  const root = useRef<HTMLDivElement>(null)
  const size = useSize(root)
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set())
  const tally = useRef({ loaded: 0, failed: 0 })

  const tileLoaded = () => (tally.current.loaded += 1)
  const tileFailed = (url: string) => {
    setFailed((f) => new Set(f).add(url))
    tally.current.failed += 1
    if (tally.current.failed === 2 && tally.current.loaded === 0) onTilesDown()
  }
  // Tiles rendered on the server may have loaded or failed before React listened.
  useEffect(() => {
    for (const img of root.current?.querySelectorAll('img.map-preview-tile') ?? []) {
      const tile = img as HTMLImageElement
      if (!tile.complete) continue
      if (tile.naturalWidth > 0) tileLoaded()
      else tileFailed(tile.getAttribute('src') ?? '')
    }
    // Once, for what the server rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const { centre, zoom } = view
  const centrePixel = size ? centreInView(centre, zoom, size) : null
  const groups = groupNearby(
    items
      .filter(hasPosition)
      .map((n) => ({ item: n, ...fromCentre([n.latitude, n.longitude], centre, zoom) })),
    CLUSTER_RADIUS,
  )
    // A cluster sits at its members' mean position, as in the cluster layer.
    .map((members) => ({
      members,
      ...fromCentre([mean(members, 'latitude'), mean(members, 'longitude')], centre, zoom),
    }))
    .sort((a, b) => a.y - b.y) // lower on the map is in front, as in Leaflet

  return (
    <div ref={root} className="map-preview">
      <div
        className="map-preview-view"
        aria-hidden="true"
        style={centrePixel ? { left: centrePixel.x, top: centrePixel.y } : undefined}
      >
        {tilesInView(centre, zoom, size ?? FIRST_SIZE).map((tile) => {
          const url = tileUrl(tiles.url, tile)
          return failed.has(url) ? null : (
            <img
              key={url}
              className="map-preview-tile"
              src={url}
              // Tiles are made for 1× screens and there is no sharper one to pick: say so.
              srcSet={`${url} 1x`}
              alt=""
              width={256}
              height={256}
              draggable={false}
              style={{ left: tile.left, top: tile.top }}
              onLoad={tileLoaded}
              onError={() => tileFailed(url)}
            />
          )
        })}
        {!under && (
          <>
            {groups.map((g) => g.members.length === 1 && <Shadow key={g.members[0].id} at={g} />)}
            {groups.map((g) =>
              g.members.length === 1 ? (
                <Pin key={g.members[0].id} at={g} {...on} />
              ) : (
                <Cluster key={g.members[0].id} group={g} {...on} />
              ),
            )}
          </>
        )}
      </div>
      {!under && tiles.attribution && (
        // Shown as the live map shows it; the live map's own link is the one to reach.
        <p
          className="map-preview-attribution"
          inert
          dangerouslySetInnerHTML={{ __html: tiles.attribution }}
        />
      )}
    </div>
  )
}

type On = Pick<Props, 'onPick' | 'onMarker' | 'onCluster'>
type Placed = MapNeighbourhood & { latitude: number; longitude: number }
type Group = Point & { members: Placed[] }

function mean(members: Placed[], key: 'latitude' | 'longitude'): number {
  return members.reduce((sum, n) => sum + n[key], 0) / members.length
}

function Pin({ at, onPick, onMarker }: { at: Group } & On) {
  const n = at.members[0]
  return (
    <img
      className="map-preview-pin"
      src={iconUrl}
      srcSet={`${iconRetinaUrl} 2x`}
      alt=""
      title={n.name}
      width={25}
      height={41}
      draggable={false}
      style={{ left: at.x, top: at.y }}
      onPointerEnter={() => onPick(n)}
      onClick={() => onMarker(n)}
    />
  )
}

/** Leaflet's marker shadow, as a background: a soft shadow has no resolution to keep. */
function Shadow({ at }: { at: Group }) {
  return (
    <span
      className="map-preview-shadow"
      style={{ left: at.x, top: at.y, backgroundImage: `url(${shadowUrl})` }}
    />
  )
}

function Cluster({ group, onCluster }: { group: Group } & On) {
  const count = group.members.length
  return (
    <div
      className={`map-cluster map-cluster-${clusterSize(count)} map-preview-cluster`}
      style={{ left: group.x, top: group.y }}
      onClick={() => onCluster(group.members)}
    >
      <span>{count}</span>
    </div>
  )
}

/** The element's inner size, as Leaflet reads its container's; null until measured. */
function useSize(ref: RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const width = el.clientWidth
      const height = el.clientHeight
      setSize((s) =>
        s?.width === width && s.height === height ? s : width && height ? { width, height } : null,
      )
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return size
}
