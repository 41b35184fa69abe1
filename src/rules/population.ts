import { MESSAGES } from './messages'

/** SPEC §7 and §9: the population service is asked about a 400 m square around the point. */
export const POPULATION_HALF_SIDE_METRES = 400
export const POPULATION_YEAR = 2023
export const POPULATION_FALLBACK_SOURCE = 'worldpop'
export const POPULATION_FALLBACK_QUALITY = 0.9
export const POPULATION_TIMEOUT_MS = 5000
/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111320

export interface GeoJsonPolygon {
  type: 'Polygon'
  coordinates: [number, number][][]
}

/** A closed square ring ([lon, lat] pairs, anticlockwise) with `halfSide` metres each way. */
export function squareAround(
  latitude: number,
  longitude: number,
  halfSide = POPULATION_HALF_SIDE_METRES,
): GeoJsonPolygon {
  const dLat = halfSide / METRES_PER_DEGREE
  const dLon = halfSide / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180))
  const [west, east] = [longitude - dLon, longitude + dLon]
  const [south, north] = [latitude - dLat, latitude + dLat]
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  }
}

/** The JSON body of POST {POPULATION_URL}/sum. */
export function populationRequestBody(latitude: number, longitude: number) {
  return { polygon_geojson: squareAround(latitude, longitude), year: POPULATION_YEAR }
}

/** What the neighbourhood stores (its population* fields). */
export interface Population {
  populationEstimate: number
  populationYear: number
  populationSource: string
  populationQuality: number
}

const toNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined
}

/**
 * Reads {population, year, source, quality}. Without a usable population (a number ≥ 0) the
 * answer is invalid (undefined); the other three fall back to 2023, 'worldpop' and 0.9.
 */
export function parsePopulationAnswer(body: unknown): Population | undefined {
  if (!body || typeof body !== 'object') return undefined
  const answer = body as Record<string, unknown>
  const population = toNumber(answer.population)
  if (population === undefined || population < 0) return undefined
  const year = toNumber(answer.year)
  const source = typeof answer.source === 'string' ? answer.source.trim() : ''
  const quality = toNumber(answer.quality)
  return {
    populationEstimate: Math.round(population),
    populationYear: year !== undefined && Number.isInteger(year) ? year : POPULATION_YEAR,
    populationSource: source || POPULATION_FALLBACK_SOURCE,
    populationQuality: quality ?? POPULATION_FALLBACK_QUALITY,
  }
}

/**
 * An answer that covers none of the polygon (quality 0) and has no population in it: the service
 * has no data for the place (the site's own, outside London). Not a failure.
 */
export function isNoDataAnswer(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false
  const answer = body as Record<string, unknown>
  const population = answer.population
  return toNumber(answer.quality) === 0 && (population === null || toNumber(population) === 0)
}

/** Reported to the client with the created neighbourhood (never stored). */
export interface PopulationStatus {
  ok: boolean
  message: string
}

export const POPULATION_STATUS = {
  saved: { ok: true, message: MESSAGES.populationSaved },
  serviceError: {
    ok: false,
    message: `${MESSAGES.populationSaveFailed} ${MESSAGES.populationServiceError}`,
  },
  unreachable: {
    ok: false,
    message: `${MESSAGES.populationSaveFailed} ${MESSAGES.populationUnreachable}`,
  },
  noData: { ok: true, message: MESSAGES.populationNoData },
} as const satisfies Record<string, PopulationStatus>
