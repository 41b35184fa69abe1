import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

/**
 * The census data the population service answers from, shipped in the project (written by
 * `npm run population:data` from the ONS file): every London LSOA's Census 2021 residents and
 * boundary in British National Grid metres.
 */
export const POPULATION_DATA_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'london-lsoa-2021.json.gz',
)

/**
 * One LSOA: code, usual residents, polygons of rings. A ring is flat [x0, y0, dx1, dy1, …]:
 * its first point in whole metres, then each point as the step from the one before.
 */
export type LsoaRecord = [code: string, residents: number, polygons: number[][][]]

export interface PopulationData {
  attribution: string
  /** The Douglas–Peucker tolerance the boundaries were simplified with, in metres. */
  simplifiedMetres: number
  lsoas: LsoaRecord[]
}

/** A ring as [x, y] points in metres. */
export type Ring = [number, number][]

export function decodeRing(flat: number[]): Ring {
  const ring: Ring = []
  let [x, y] = [0, 0]
  for (let i = 0; i < flat.length; i += 2) {
    x += flat[i]!
    y += flat[i + 1]!
    ring.push([x, y])
  }
  return ring
}

export function readPopulationData(file = POPULATION_DATA_FILE): PopulationData {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as PopulationData
}
