import type { Polygon } from 'polygon-clipping'

import {
  CENSUS_SOURCE,
  CENSUS_YEAR,
  NO_DATA_MESSAGE,
  parsePopulationSumRequest,
  type LonLatPolygon,
  type PopulationSumAnswer,
} from '@/rules/populationSum'
import { readPopulationData } from './censusData'
import { fromBritishGrid, toBritishGrid } from './britishGrid'
import { LsoaIndex, type PopulationSum } from './lsoaIndex'

/** What the service answers: the contract's JSON, or a refusal's message. */
export type PopulationSumResult =
  | { status: 200; body: PopulationSumAnswer }
  | { status: 400; body: { errors: { message: string }[] } }

interface Census {
  index: LsoaIndex
  /** [west, south, east, north] in degrees around the data, a little wider: outside it, no data. */
  reach: [number, number, number, number]
  /** How long reading the file and building the index took, ms. */
  builtInMs: number
}

let census: Census | undefined

/** The census data and its index, built once per process: at start (boot), or on first use. */
export function populationCensus(): Census {
  if (census) return census
  const started = performance.now()
  const index = new LsoaIndex(readPopulationData())
  const [minX, minY, maxX, maxY] = index.bounds
  const [west, south] = fromBritishGrid([minX, minY])
  const [east, north] = fromBritishGrid([maxX, maxY])
  const pad = 0.05
  census = {
    index,
    reach: [west - pad, south - pad, east + pad, north + pad],
    builtInMs: performance.now() - started,
  }
  return census
}

function boxesMeet(ring: [number, number][], [west, south, east, north]: Census['reach']) {
  const lons = ring.map(([lon]) => lon)
  const lats = ring.map(([, lat]) => lat)
  return (
    Math.min(...lons) <= east &&
    Math.max(...lons) >= west &&
    Math.min(...lats) <= north &&
    Math.max(...lats) >= south
  )
}

/** The residents inside [longitude, latitude] polygons; undefined when they are nowhere near. */
export function sumPopulation(polygons: LonLatPolygon[]): PopulationSum | undefined {
  const { index, reach } = populationCensus()
  if (!polygons.some((rings) => boxesMeet(rings[0]!, reach))) return undefined
  const shape: Polygon[] = polygons.map((rings) =>
    rings.map((ring) => ring.map(([lon, lat]) => toBritishGrid([lon, lat]))),
  )
  return index.sum(shape)
}

/**
 * POST /sum of the population service (SPEC §7) answered from the census: the residents of
 * every LSOA weighted by the share of its area inside the polygon; quality is the share of the
 * polygon covered by LSOAs (1 inside London; less at its edge and on the Thames, which no LSOA
 * covers; 0 and no population outside).
 * The census year is 2021 whatever year is asked: it is the count there is.
 */
export function answerPopulationSum(body: unknown): PopulationSumResult {
  const parsed = parsePopulationSumRequest(body)
  if (!parsed.ok) return { status: 400, body: { errors: [{ message: parsed.message }] } }
  const sum = sumPopulation(parsed.request.polygons)
  const quality = sum && sum.area > 0 ? Math.min(1, sum.coveredArea / sum.area) : 0
  // Two decimals: the generalised boundaries leave slivers of a few metres between neighbours
  // (about 0.2% of a 400 m square), which are not places without data.
  const rounded = Math.round(quality * 100) / 100
  if (!sum || rounded === 0) {
    return {
      status: 200,
      body: {
        population: null,
        year: CENSUS_YEAR,
        source: CENSUS_SOURCE,
        quality: 0,
        message: NO_DATA_MESSAGE,
      },
    }
  }
  return {
    status: 200,
    body: {
      population: Math.round(sum.residents),
      year: CENSUS_YEAR,
      source: CENSUS_SOURCE,
      quality: rounded,
    },
  }
}
