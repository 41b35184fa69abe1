/**
 * Web Mercator as Leaflet lays out a map (EPSG:3857, 256 px tiles): where a position, a tile and
 * the view fall in pixels, rounded where Leaflet rounds, so a drawing made with these lines up
 * with the Leaflet map that later opens at the same centre, zoom and size. Places are given
 * from the centre's pixel, which needs no size: a drawing can start before its box is measured.
 */

export const TILE_SIZE = 256
/** Leaflet's limit of the projection (the square world of Web Mercator). */
const MAX_LATITUDE = 85.0511287798

export type LatLng = readonly [lat: number, lng: number]

export interface Point {
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

export interface Tile {
  x: number
  y: number
  z: number
  /** Its top-left corner, from the centre's pixel. */
  left: number
  top: number
}

/** World pixels at `zoom`: 256·2^zoom·((lng+180)/360, (1 − ln(tan φ + sec φ)/π)/2). */
export function project([lat, lng]: LatLng, zoom: number): Point {
  const scale = TILE_SIZE * 2 ** zoom
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180
  return {
    x: (scale * (lng + 180)) / 360,
    y: (scale * (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI)) / 2,
  }
}

/** The world pixel of a position, as Leaflet places a marker (whole pixels). */
export function pixelAt(at: LatLng, zoom: number): Point {
  const p = project(at, zoom)
  return { x: Math.round(p.x), y: Math.round(p.y) }
}

/** Where a position falls from the centre's pixel. */
export function fromCentre(at: LatLng, centre: LatLng, zoom: number): Point {
  const p = pixelAt(at, zoom)
  const c = pixelAt(centre, zoom)
  return { x: p.x - c.x, y: p.y - c.y }
}

/** Where the centre's pixel falls in a view of `size` (Leaflet's pixel origin is rounded). */
export function centreInView(centre: LatLng, zoom: number, size: Size): Point {
  const p = project(centre, zoom)
  const c = pixelAt(centre, zoom)
  return {
    x: c.x - Math.round(p.x - size.width / 2),
    y: c.y - Math.round(p.y - size.height / 2),
  }
}

/** The tiles Leaflet loads for a view of `size` (those it overlaps), placed from the centre. */
export function tilesInView(centre: LatLng, zoom: number, size: Size): Tile[] {
  const anchor = pixelAt(centre, zoom)
  // Leaflet takes the range around the floored centre.
  const c = project(centre, zoom)
  const cx = Math.floor(c.x)
  const cy = Math.floor(c.y)
  const first = {
    x: Math.floor((cx - size.width / 2) / TILE_SIZE),
    y: Math.floor((cy - size.height / 2) / TILE_SIZE),
  }
  const last = {
    x: Math.ceil((cx + size.width / 2) / TILE_SIZE) - 1,
    y: Math.ceil((cy + size.height / 2) / TILE_SIZE) - 1,
  }
  const rows = 2 ** zoom
  const tiles: Tile[] = []
  for (let y = Math.max(first.y, 0); y <= Math.min(last.y, rows - 1); y++) {
    for (let x = first.x; x <= last.x; x++) {
      tiles.push({
        x: ((x % rows) + rows) % rows,
        y,
        z: zoom,
        left: x * TILE_SIZE - anchor.x,
        top: y * TILE_SIZE - anchor.y,
      })
    }
  }
  return tiles
}

/** A tile's address from a Leaflet URL template ({s} is the first subdomain, 'a'). */
export function tileUrl(template: string, { x, y, z }: Pick<Tile, 'x' | 'y' | 'z'>): string {
  const values: Record<string, string> = { s: 'a', x: String(x), y: String(y), z: String(z) }
  return template.replace(/\{([a-z])\}/g, (whole, key: string) => values[key] ?? '')
}
