import { MESSAGES } from './messages'

/**
 * The population service's contract (SPEC §7: POST {service}/sum with {polygon_geojson, year}),
 * as the site's own service answers it from ONS Census 2021 for London.
 */
export const CENSUS_YEAR = 2021
export const CENSUS_SOURCE = 'ONS Census 2021 (LSOA, area-weighted)'
export const MAX_POLYGON_POINTS = 1000
export const MAX_POLYGON_SQUARE_METRES = 25_000_000
/** What must travel with every copy of the census figures (the Open Government Licence's terms). */
export const CENSUS_ATTRIBUTION =
  'Source: Office for National Statistics licensed under the Open Government Licence v.3.0. ' +
  'Contains OS data © Crown copyright and database right 2022.'
/** The answer when no census area meets the polygon (outside London). */
export const NO_DATA_MESSAGE = 'No data for this place.'

/** [longitude, latitude] rings: the first is the outline, any others are holes. */
export type LonLatPolygon = [number, number][][]

export interface PopulationSumRequest {
  polygons: LonLatPolygon[]
  year: number | undefined
}

export interface PopulationSumAnswer {
  /** Residents inside the polygon, rounded; null where there is no data. */
  population: number | null
  year: number
  source: string
  /** The share of the polygon covered by census areas, 0 to 1. */
  quality: number
  message?: string
}

type Parsed = { ok: true; request: PopulationSumRequest } | { ok: false; message: string }
const refused = (message: string): Parsed => ({ ok: false, message })

/** The polygon may come as GeoJSON or as its JSON text (services built on PostGIS take text). */
function geoJsonOf(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return undefined
  }
}

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) &&
  (p.length === 2 || p.length === 3) &&
  p.every((n) => typeof n === 'number' && Number.isFinite(n))

const isRing = (ring: unknown): ring is [number, number][] =>
  Array.isArray(ring) &&
  ring.length >= 4 &&
  ring.every(isPosition) &&
  ring[0][0] === ring[ring.length - 1][0] &&
  ring[0][1] === ring[ring.length - 1][1]

const isPolygon = (rings: unknown): rings is LonLatPolygon =>
  Array.isArray(rings) && rings.length > 0 && rings.every(isRing)

function polygonsOf(geometry: unknown): LonLatPolygon[] | undefined {
  if (!geometry || typeof geometry !== 'object') return undefined
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown }
  if (type === 'Polygon' && isPolygon(coordinates)) return [coordinates]
  if (type === 'MultiPolygon' && Array.isArray(coordinates) && coordinates.length > 0)
    return coordinates.every(isPolygon) ? coordinates : undefined
  return undefined
}

function yearOf(value: unknown): number | undefined | null {
  if (value === undefined || value === null) return undefined
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

/** Metres of the WGS84 ellipsoid's equatorial radius: the sphere Turf's `area` uses too. */
const EARTH_RADIUS = 6378137
const rad = (degrees: number) => (degrees * Math.PI) / 180

/** A ring's area on the sphere in m² (Chamberlain and Duquette, as Turf's `area`). */
export function ringSquareMetres(ring: [number, number][]): number {
  let sum = 0
  for (let i = 0; i < ring.length - 1; i++) {
    const [lon1, lat1] = ring[i]!
    const [lon2, lat2] = ring[i + 1]!
    sum += rad(lon2 - lon1) * (2 + Math.sin(rad(lat1)) + Math.sin(rad(lat2)))
  }
  return Math.abs((sum * EARTH_RADIUS * EARTH_RADIUS) / 2)
}

/** Outlines less holes, summed over the polygons. */
export function polygonsSquareMetres(polygons: LonLatPolygon[]): number {
  return polygons.reduce(
    (total, [outline, ...holes]) =>
      total + ringSquareMetres(outline!) - holes.reduce((h, ring) => h + ringSquareMetres(ring), 0),
    0,
  )
}

/**
 * Reads a request body: a Polygon or MultiPolygon of [longitude, latitude] in range, at most
 * 1,000 points and 25 km², with an area; `year` a number when given. Anything else is refused
 * with the reason.
 */
export function parsePopulationSumRequest(body: unknown): Parsed {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const polygons = polygonsOf(geoJsonOf(fields.polygon_geojson))
  if (!polygons) return refused(MESSAGES.populationPolygonInvalid)
  const positions = polygons.flat(2)
  if (positions.some(([lon, lat]) => Math.abs(lon) > 180 || Math.abs(lat) > 90))
    return refused(MESSAGES.populationCoordinatesOutOfRange)
  // A closed ring repeats its first point: it is counted once.
  if (positions.length - polygons.flat().length > MAX_POLYGON_POINTS)
    return refused(MESSAGES.populationTooManyPoints)
  const area = polygonsSquareMetres(polygons)
  if (area > MAX_POLYGON_SQUARE_METRES) return refused(MESSAGES.populationTooLarge)
  if (!(area > 0)) return refused(MESSAGES.populationPolygonEmpty)
  const year = yearOf(fields.year)
  if (year === null) return refused(MESSAGES.populationYearInvalid)
  return { ok: true, request: { polygons, year } }
}
